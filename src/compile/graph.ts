/**
 * The document as a graph the compiler can walk: each box with its role and ports, and each
 * input port with the one output port that feeds it (groups flattened). Wires naming a box or
 * port that does not exist, and second wires into one input, are reported here.
 */

import { getGenerator, hasGenerator } from '../core';
import { normaliseConfig } from '../core/config';
import type { Config } from '../core/diagram';
import { LensboardError } from '../core/errors';
import type { Generator, PortSpec } from '../core/generator';
import type { BoxDoc, LensDocument, PortRef } from '../io/document';
import { lookupBoxKind } from '../kinds/boxKinds';
import { byId, ErrorList, portKey } from './errors';
import { GroupIndex, tiedOwners } from './groups';

export type Role =
  | 'core'
  | 'input'
  | 'label'
  | 'output'
  | 'parameter'
  | 'loss'
  | 'learning-rate'
  | 'optimiser'
  | 'unknown';

export interface Node {
  readonly box: BoxDoc;
  readonly role: Role;
  readonly gen?: Generator;
  /** The core's config: only the generator's own keys, defaults filled (learner keys stay in box.config). */
  readonly config: Config;
  /** Undefined when the generator or its config is unknown: wires to it are not checked. */
  readonly ports?: { readonly inputs: readonly PortSpec[]; readonly outputs: readonly PortSpec[] };
}

export interface Feed {
  readonly from: PortRef;
  readonly to: PortRef;
  readonly wire: string;
}

export interface Graph {
  /** Box ids in codepoint order. */
  readonly ids: readonly string[];
  readonly nodes: ReadonlyMap<string, Node>;
  /** `box:port` of an input → what feeds it. */
  readonly feeds: ReadonlyMap<string, Feed>;
  /** Document wire id → the output port it carries (after flattening groups). */
  readonly wireSources: ReadonlyMap<string, PortRef>;
  /** `group:port` of exposed group ports → the output port whose type they show. */
  readonly groupPorts: ReadonlyMap<string, PortRef>;
  /** Box of a tied group instance → the box that owns the parameters. */
  readonly owners: ReadonlyMap<string, string>;
}

/** The keys the core generator knows; document-only keys (init, kernel…) stay out of the diagram. */
export function coreConfig(gen: Generator, raw: Config, extra: Config = {}): Config {
  const merged: Config = { ...raw, ...extra };
  // In the order of the generator's fields, so equal boxes print and compare equal.
  const own = Object.fromEntries(
    gen.configFields.filter((f) => merged[f.key] !== undefined).map((f) => [f.key, merged[f.key]]),
  );
  return normaliseConfig(gen, own);
}

function makeNode(box: BoxDoc, errors: ErrorList): Node {
  const kind = lookupBoxKind(box.generator);
  if (kind) return { box, role: kind.id as Role, config: box.config, ports: kind.ports(box.config) };
  if (!hasGenerator(box.generator)) {
    errors.add('unknown-generator', `unknown generator '${box.generator}'`, { box: box.id });
    return { box, role: 'unknown', config: box.config };
  }
  const gen = getGenerator(box.generator);
  try {
    const config = coreConfig(gen, box.config);
    return { box, role: 'core', gen, config, ports: gen.ports(config) };
  } catch (e) {
    if (!(e instanceof LensboardError)) throw e;
    errors.add('bad-config', e.message, { box: box.id });
    return { box, role: 'core', gen, config: box.config };
  }
}

export function buildGraph(doc: LensDocument, errors: ErrorList): Graph {
  const groups = new GroupIndex(doc);
  const boxes = [...doc.boxes].sort((a, b) => byId(a.id, b.id));
  const nodes = new Map<string, Node>();
  for (const box of boxes) {
    if (nodes.has(box.id) || groups.byId.has(box.id)) {
      errors.add('unknown-box', `the id '${box.id}' is used twice`, { box: box.id });
      continue;
    }
    if (box.parent && !groups.byId.has(box.parent))
      errors.add('unknown-box', `box '${box.id}' is in group '${box.parent}', which does not exist`, { box: box.id });
    nodes.set(box.id, makeNode(box, errors));
  }
  const feeds = new Map<string, Feed>();
  const wireSources = new Map<string, PortRef>();
  const groupPorts = new Map<string, PortRef>();
  const known = (ref: PortRef, side: 'inputs' | 'outputs', wire: string): boolean => {
    const node = nodes.get(ref.box);
    if (!node) {
      errors.add('unknown-box', `wire '${wire}' names box '${ref.box}', which does not exist`, { wire });
      return false;
    }
    if (!node.ports || node.ports[side].some((p) => p.name === ref.port)) return true;
    const what = side === 'inputs' ? 'input' : 'output';
    errors.add('unknown-port', `${node.box.generator} '${ref.box}' has no ${what} port '${ref.port}'`, {
      box: ref.box,
      port: ref.port,
      wire,
    });
    return false;
  };
  for (const w of [...doc.wires].sort((a, b) => byId(a.id, b.id))) {
    const from = groups.source(w.from, errors, w.id);
    if (!from || !known(from, 'outputs', w.id)) continue;
    wireSources.set(w.id, from);
    if (groups.byId.has(w.from.box)) groupPorts.set(portKey(w.from.box, w.from.port), from);
    if (groups.byId.has(w.to.box)) groupPorts.set(portKey(w.to.box, w.to.port), from);
    for (const to of groups.targets(w.to, errors, w.id)) {
      if (!known(to, 'inputs', w.id)) continue;
      const key = portKey(to.box, to.port);
      if (feeds.has(key)) {
        errors.add('two-wires-into-input', `input '${to.port}' of '${to.box}' already has a wire; an input takes one`, {
          box: to.box,
          port: to.port,
          wire: w.id,
        });
        continue;
      }
      feeds.set(key, { from, to, wire: w.id });
    }
  }
  const quiet = new ErrorList(); // a broken exposed port is reported where a wire uses it
  for (const g of doc.groups) {
    for (const o of g.outputs) {
      const inner = groups.source({ box: g.id, port: o.name }, quiet, '');
      if (inner) groupPorts.set(portKey(g.id, o.name), inner);
    }
  }
  return { ids: [...nodes.keys()], nodes, feeds, wireSources, groupPorts, owners: tiedOwners(doc, groups, errors) };
}

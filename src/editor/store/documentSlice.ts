/**
 * The document slice: every edit is a pure document function (model/) plus a selection update.
 * A connection is checked twice: the wiring and type rule first (cheap, also used while
 * dragging), then by compiling the document with the wire, so nothing the compiler would call
 * a shape mismatch is ever drawn.
 */
import type { StateCreator } from 'zustand';
import type { Compile } from '../compile/compile';
import { describeGenerator } from '../model/boxInfo';
import { builtInBox } from '../model/builtInBoxes';
import { checkConfigValue } from '../model/configCheck';
import { checkConnection, type Verdict } from '../model/connection';
import { bindDataset, patchTraining } from '../model/datasetOps';
import { addBox, addWire, moveNodes, removeItems, setConfigValue, setLabel } from '../model/documentOps';
import { emptyDocument } from '../model/emptyDocument';
import { instantiate } from '../model/fragment';
import { groupNodes, placeTemplate } from '../model/group';
import { newTemplateKey, placeSaved, saveGroup } from '../model/library';
import type { DocumentSlice, EditorState } from './types';

type Slice = StateCreator<EditorState, [], [], DocumentSlice>;

/** Over 60 lines on purpose: one object literal of small actions, each a few lines, as zustand writes a slice. */
export const documentSlice =
  (compile: Compile): Slice =>
  (set, get) => ({
    doc: emptyDocument(),
    setDocument: (doc, fresh = false, as = 'file') =>
      set({
        doc,
        selectedNodes: [],
        selectedWires: [],
        opened: get().opened + 1,
        openedAs: as,
        ...(fresh ? { exportedDoc: doc } : {}),
      }),
    addBox(generator, position, config) {
      const { doc, id } = addBox(get().doc, generator, position, config, get().scope);
      set({ doc, selectedNodes: [id], selectedWires: [] });
      return id;
    },
    connect(from, to) {
      const before = get().doc;
      const verdict = checkConnection(before, compile(before), from, to);
      if (!verdict.ok) return verdict;
      const { doc, id } = addWire(before, from, to);
      const mismatch = compile(doc).errors.find(
        (e) => e.code === 'shape-mismatch' && (e.wire === id || (e.box === to.box && e.port === to.port)),
      );
      if (mismatch) return { ok: false, reason: mismatch.message };
      set({ doc });
      return verdict;
    },
    removeItems(nodeIds, wireIds = []) {
      const s = get();
      set({
        doc: removeItems(s.doc, nodeIds, wireIds),
        selectedNodes: s.selectedNodes.filter((n) => !nodeIds.includes(n)),
        selectedWires: s.selectedWires.filter((w) => !wireIds.includes(w)),
      });
    },
    moveNodes: (positions) => set({ doc: moveNodes(get().doc, positions) }),
    setConfig(boxId, key, value): Verdict {
      const box = get().doc.boxes.find((b) => b.id === boxId);
      const field = box && describeGenerator(box.generator, box.config).configFields.find((f) => f.key === key);
      if (!box || !field) return { ok: false, reason: `no config '${key}'` };
      const verdict = checkConfigValue(box.generator, field, value);
      if (verdict.ok) set({ doc: setConfigValue(get().doc, boxId, key, value) });
      return verdict;
    },
    setLabel: (id, label) => set({ doc: setLabel(get().doc, id, label) }),
    paste(fragment, at) {
      const nodes = [...fragment.boxes, ...fragment.groups].filter(
        (n) => !fragment.groups.some((g) => g.id === n.parent),
      );
      const minX = Math.min(...nodes.map((n) => n.position.x));
      const minY = Math.min(...nodes.map((n) => n.position.y));
      const offset = at && nodes.length > 0 ? { x: at.x - minX, y: at.y - minY } : { x: 40, y: 40 };
      const { doc, top } = instantiate(get().doc, fragment, get().scope, offset);
      set({ doc, selectedNodes: top, selectedWires: [] });
      return top;
    },
    groupSelection(name = 'group') {
      const r = groupNodes(get().doc, get().selectedNodes, name, get().scope, newTemplateKey());
      if (!r) return null;
      const library = saveGroup(get().library, r.doc, r.id);
      set({ doc: r.doc, library, selectedNodes: [r.id], selectedWires: [] });
      return r.id;
    },
    placeSaved(key, position) {
      const saved = get().library.find((b) => b.key === key) ?? builtInBox(key);
      const r = saved && placeSaved(get().doc, saved, position, get().scope);
      if (!r) return null;
      set({ doc: r.doc, selectedNodes: [r.id], selectedWires: [] });
      return r.id;
    },
    setDataset: (binding, training) => {
      const doc = bindDataset(get().doc, binding);
      set({ doc: training ? patchTraining(doc, training) : doc });
    },
    setTraining: (patch) => set({ doc: patchTraining(get().doc, patch) }),
    placeTemplate(templateId, position, tied) {
      const r = placeTemplate(get().doc, templateId, position, tied, get().scope);
      if (!r) return null;
      set({ doc: r.doc, selectedNodes: [r.id], selectedWires: [] });
      return r.id;
    },
  });

/**
 * The optimisers' update equations as docs/model-format.md writes them ("What a training step
 * computes"), parsed from the page's ```equations blocks and evaluated, so that a test can hold
 * the page to the optimisers that really train: the page cannot drift from the code.
 *
 * The grammar, one statement a line (`#` starts a comment):
 *   optimiser <kind>               starts an optimiser's equations
 *   state <name> = <number>        a state array of each parameter, and its value before step 1
 *   shared state <name> = <number> one scalar for the whole learner (its lines run once a step)
 *   <name> ← <expression>          assigns; later lines read the new value
 * Expressions: numbers, names, + − * / ^, unary −, parentheses, sqrt(…), exp(…), log(…).
 * Every operation is rounded to float32; `x ^ 2` is x·x and any other power x ^ y is
 * exp(y·log x), as the float32 engines compute βᵗ.
 */

export type DocExpr =
  | { readonly k: 'num'; readonly v: number }
  | { readonly k: 'name'; readonly name: string }
  | { readonly k: 'neg'; readonly a: DocExpr }
  | { readonly k: 'call'; readonly f: 'sqrt' | 'exp' | 'log'; readonly a: DocExpr }
  | { readonly k: '+' | '-' | '*' | '/' | '^'; readonly a: DocExpr; readonly b: DocExpr };

export interface DocState {
  readonly name: string;
  readonly init: number;
  readonly shared: boolean;
}

export interface DocOptimiser {
  readonly kind: string;
  readonly state: readonly DocState[];
  readonly lines: readonly { readonly target: string; readonly expr: DocExpr }[];
}

const TOKEN = /\s*(\d+(?:\.\d+)?(?:e[-+]?\d+)?|[A-Za-z_][A-Za-z0-9_]*|[-+*/^()−·])/y;

function tokenise(text: string, where: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.trimEnd().length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) throw new Error(`${where}: cannot read '${text.slice(at).trim()}'`);
    out.push(m[1] === '−' ? '-' : m[1] === '·' ? '*' : m[1]);
  }
  return out;
}

/** Precedence climbing: + − below * / below unary − below ^ (right-associative). */
export function parseExpr(text: string, where = 'expression'): DocExpr {
  const toks = tokenise(text, where);
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${where}: ${what} at token ${i + 1} of '${text.trim()}'`);
  };
  const atom = (): DocExpr => {
    const t = toks[i++];
    if (t === undefined) return fail('an expression ends early');
    if (t === '(') {
      const e = sum();
      if (toks[i++] !== ')') fail("a '(' is not closed");
      return e;
    }
    if (/^\d/.test(t)) return { k: 'num', v: Number(t) };
    if (!/^[A-Za-z_]/.test(t)) return fail(`'${t}' cannot start a term`);
    if (t === 'sqrt' || t === 'exp' || t === 'log') {
      if (toks[i] !== '(') fail(`${t} needs parentheses`);
      return { k: 'call', f: t, a: atom() };
    }
    return { k: 'name', name: t };
  };
  const power = (): DocExpr => {
    const a = atom();
    if (toks[i] !== '^') return a;
    i++;
    return { k: '^', a, b: unary() };
  };
  const unary = (): DocExpr => {
    if (toks[i] !== '-') return power();
    i++;
    return { k: 'neg', a: unary() };
  };
  const product = (): DocExpr => {
    let a = unary();
    while (toks[i] === '*' || toks[i] === '/') {
      const k = toks[i++] as '*' | '/';
      a = { k, a, b: unary() };
    }
    return a;
  };
  const sum = (): DocExpr => {
    let a = product();
    while (toks[i] === '+' || toks[i] === '-') {
      const k = toks[i++] as '+' | '-';
      a = { k, a, b: product() };
    }
    return a;
  };
  const e = sum();
  if (i < toks.length) fail(`'${toks[i]}' is left over`);
  return e;
}

const f32 = Math.fround;

/** The value of `e` in float32 arithmetic, names looked up in `env`. */
export function evalExpr(e: DocExpr, env: ReadonlyMap<string, number>): number {
  const ev = (x: DocExpr) => evalExpr(x, env);
  switch (e.k) {
    case 'num':
      return f32(e.v);
    case 'name': {
      const v = env.get(e.name);
      if (v === undefined) throw new Error(`'${e.name}' has no value here`);
      return v;
    }
    case 'neg':
      return -ev(e.a);
    case 'call':
      return f32(e.f === 'sqrt' ? Math.sqrt(ev(e.a)) : e.f === 'exp' ? Math.exp(ev(e.a)) : Math.log(ev(e.a)));
    case '+':
      return f32(ev(e.a) + ev(e.b));
    case '-':
      return f32(ev(e.a) - ev(e.b));
    case '*':
      return f32(ev(e.a) * ev(e.b));
    case '/':
      return f32(ev(e.a) / ev(e.b));
    case '^':
      // a whole power is a square (x ^ 2); any other is exp(y·log x), as the engines compute βᵗ
      return e.b.k === 'num' && e.b.v === 2
        ? f32(ev(e.a) * ev(e.a))
        : f32(Math.exp(f32(ev(e.b) * f32(Math.log(ev(e.a))))));
  }
}

/** Every optimiser written in the ```equations blocks of a Markdown page. */
export function parseDocEquations(markdown: string): DocOptimiser[] {
  const blocks = [...markdown.matchAll(/^```equations\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  const found: { kind: string; state: DocState[]; lines: DocOptimiser['lines'][number][] }[] = [];
  blocks.forEach((block, b) => {
    block.split('\n').forEach((raw, n) => {
      const where = `equations block ${b + 1}, line ${n + 1}`;
      const text = raw.replace(/#.*/, '').trim();
      if (text === '') return;
      const head = /^optimiser\s+([a-z0-9-]+)$/.exec(text);
      if (head) {
        found.push({ kind: head[1], state: [], lines: [] });
        return;
      }
      const current = found.at(-1);
      if (!current) throw new Error(`${where}: '${text}' comes before any 'optimiser <kind>' line`);
      const st = /^(shared\s+)?state\s+([A-Za-z_]\w*)\s*=\s*(\S+)$/.exec(text);
      if (st) {
        const init = Number(st[3]);
        if (!Number.isFinite(init)) throw new Error(`${where}: the state's initial value '${st[3]}' is not a number`);
        current.state.push({ name: st[2], init, shared: st[1] !== undefined });
        return;
      }
      const as = /^([A-Za-z_]\w*)\s*←\s*(.+)$/.exec(text);
      if (!as) throw new Error(`${where}: '${text}' is neither 'state …' nor '<name> ← <expression>'`);
      current.lines.push({ target: as[1], expr: parseExpr(as[2], where) });
    });
  });
  return found;
}

/**
 * One step of `o` on one element of a parameter (and the shared state): `env` holds p, g, the
 * hyper-parameters and the state before the step; the result holds every name after it,
 * `ahead` included when the optimiser shows the model another point than p.
 */
export function runDocStep(o: DocOptimiser, env: ReadonlyMap<string, number>): Map<string, number> {
  const values = new Map(env);
  for (const line of o.lines) values.set(line.target, evalExpr(line.expr, values));
  return values;
}

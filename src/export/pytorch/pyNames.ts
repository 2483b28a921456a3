/**
 * Python names for the graph's values and parameters: the drawn box ids where they are already
 * identifiers, made into identifiers otherwise, never a keyword, a name model.py uses itself or an
 * attribute nn.Module already has, and each given once.
 */

const KEYWORDS = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for from ' +
    'global if import in is lambda nonlocal not or pass raise return try while with yield'
  ).split(' '),
);

/** Names model.py's own code reads, and the attributes every nn.Module has. */
const TAKEN = new Set(
  (
    'torch F nn np json self n super print len range math Model read_safetensors load_model ' +
    'add_module apply bfloat16 buffers children cpu cuda double dump_patches eval extra_repr float forward ' +
    'get_buffer get_extra_state get_parameter get_submodule half ipu load_state_dict modules named_buffers ' +
    'named_children named_modules named_parameters parameters register_backward_hook register_buffer ' +
    'register_forward_hook register_forward_pre_hook register_full_backward_hook register_module ' +
    'register_parameter requires_grad_ set_extra_state share_memory state_dict to to_empty train training type ' +
    'xpu zero_grad'
  ).split(' '),
);

/** `W1.W` → `W1_W`, `3x` → `_3x`: letters, digits and underscores, not starting with a digit. */
export function identifier(name: string): string {
  const id = name.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[0-9]/.test(id) || id === '' ? `_${id}` : id;
}

export class PyNames {
  private readonly taken = new Set<string>();

  /** An unused identifier for `wanted`: made an identifier, then `_2`, `_3`… until free. */
  claim(wanted: string): string {
    let base = identifier(wanted);
    if (KEYWORDS.has(base) || TAKEN.has(base)) base = `${base}_`;
    let name = base;
    for (let k = 2; this.taken.has(name); k++) name = `${base}_${k}`;
    this.taken.add(name);
    return name;
  }
}

/**
 * Attribute names of the parameters: the owning box's id (`W1` for `W1.W`) when every parameter
 * has its own box, else the whole name (`lin1_W`).
 */
export function paramNames(names: readonly string[], pool: PyNames): string[] {
  const boxes = names.map((n) => n.split('.')[0]);
  const own = new Set(boxes).size === boxes.length;
  return names.map((n, i) => pool.claim(own ? boxes[i] : n));
}

// Compiles the Python the page ships to bytecode, under Node with the pinned Pyodide
// (build.py runs it):   node bytecode.mjs PYODIDE_DIR IN_ZIP OUT_ZIP [IN_ZIP OUT_ZIP]...
// Each OUT_ZIP is IN_ZIP with every module compiled by the very interpreter the page runs,
// in place of its source (engine/state.py becomes engine/state.pyc). A plain boot (a
// first visit, the rules pages' lessons) then imports without compiling source, which
// in wasm takes longer than the rest of the import (163 -> 45 ms for the table's modules
// under Node). Compiled modules are twice the size of their source, so the zip carries
// them instead of the source, not beside it, and smaller than they would be: without
// column positions (PYTHONNODEBUGRANGES: tracebacks keep file and line) and without the
// docstrings of functions and classes (modules keep theirs; nothing reads the others).
// The source of every file stays in the repository; the tests run it in CPython.
//
// Same inputs, same bytes: a fixed hash seed (frozenset constants), fixed zip times,
// names in sorted order.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [dir, ...pairs] = process.argv.slice(2);
if (!dir || pairs.length === 0 || pairs.length % 2 !== 0) {
  console.error("usage: node bytecode.mjs PYODIDE_DIR IN_ZIP OUT_ZIP [IN_ZIP OUT_ZIP]...");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const py = await loadPyodide({
  indexURL: `${dir}/`,
  env: { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1", HOME: "/home/pyodide" },
  stdout: () => {},
  stderr: (line) => console.error(line),
});
py.runPython(`
import ast, importlib.util, marshal, zipfile

ZIP_TIME = (1980, 1, 1, 0, 0, 0)
DOCUMENTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def without_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, DOCUMENTED) and isinstance(body[0], ast.Expr) \\
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree


def compiled(name, source):
    # named where the page unpacks the zip (PyScript's files: the working directory)
    try:
        tree = ast.parse(source, name)
    except SyntaxError as e:
        raise SyntaxError(f"{name}, line {e.lineno}: {e.msg}") from None
    code = compile(without_docstrings(tree), "/home/pyodide/" + name, "exec", dont_inherit=True)
    # PEP 552's header, hash-based and unchecked: the source's hash is there to read, and
    # the importer checks only the magic number (a sourceless module has nothing to check)
    flags = (1).to_bytes(4, "little")
    return importlib.util.MAGIC_NUMBER + flags + importlib.util.source_hash(source) + marshal.dumps(code)


def rewrite(path_in, path_out):
    entries = {}
    with zipfile.ZipFile(path_in) as z:
        for info in z.infolist():
            data = z.read(info)
            if info.filename.endswith(".py"):
                entries[info.filename + "c"] = compiled(info.filename, data)
            else:
                entries[info.filename] = data
    with zipfile.ZipFile(path_out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, entries[name])
`);
const rewrite = py.globals.get("rewrite");
for (let i = 0; i < pairs.length; i += 2) {
  py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(pairs[i])));
  try {
    rewrite("/tmp/in.zip", "/tmp/out.zip");
  } catch (e) {
    // Python's own last line (a module that does not compile names itself there), not
    // Node's print of the minified line it was thrown from
    console.error(`${pairs[i]}: ${String(e && e.message || e).trim().split("\n").pop()}`);
    process.exit(1);
  }
  writeFileSync(pairs[i + 1], py.FS.readFile("/tmp/out.zip"));
}

//! app/ has no import circle: no file imports (through `use` or a path) a file that
//! imports it back, directly or round a longer loop. `mod` declarations are not
//! imports; `impl` blocks in child files of `application/` use their parent, which
//! never uses them back.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every .rs file under `dir`, as module paths relative to `crate::app` ("scene",
/// "objects::board", "handlers" for handlers/mod.rs).
fn modules(root: &Path, dir: &Path, out: &mut BTreeMap<String, PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            modules(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("inside").with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            out.insert(parts.join("::"), path);
        }
    }
}

/// The app modules a file names: `crate::app::a::b`, `super::x`, `self::y`, in `use`
/// lines and in paths. Resolved to the longest known module.
fn imports(module: &str, text: &str, known: &BTreeMap<String, PathBuf>) -> BTreeSet<String> {
    let parent: Vec<&str> = module.split("::").filter(|s| !s.is_empty()).collect();
    let is_mod_rs = known
        .get(module)
        .is_some_and(|p| p.file_name().is_some_and(|n| n == "mod.rs"));
    let mut found = BTreeSet::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with("//") || line.starts_with("mod ") || line.starts_with("pub mod ") {
            continue;
        }
        for (prefix, base) in [
            ("crate::app::", Vec::new()),
            ("super::", {
                // super of a file module is its parent; of a mod.rs, the grandparent
                let keep = parent.len().saturating_sub(if is_mod_rs { 2 } else { 1 });
                parent[..keep].to_vec()
            }),
            (
                "self::",
                if is_mod_rs {
                    parent.clone()
                } else {
                    parent[..parent.len().saturating_sub(1)].to_vec()
                },
            ),
        ] {
            let mut rest = line;
            while let Some(at) = rest.find(prefix) {
                let before = rest[..at].chars().last();
                rest = &rest[at + prefix.len()..];
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let path: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                let mut parts = base.iter().map(|s| s.to_string()).collect::<Vec<_>>();
                parts.extend(path.split("::").filter(|s| !s.is_empty()).map(String::from));
                while !parts.is_empty() {
                    let name = parts.join("::");
                    if known.contains_key(&name) {
                        if name != module {
                            found.insert(name);
                        }
                        break;
                    }
                    parts.pop();
                }
            }
        }
    }
    found
}

#[test]
fn app_has_no_import_circle() {
    // APP_IMPORTS_ROOT checks another tree (e.g. an old checkout, to see a circle found).
    let root = std::env::var_os("APP_IMPORTS_ROOT")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app"));
    let mut known = BTreeMap::new();
    modules(&root, &root, &mut known);
    let graph: BTreeMap<String, BTreeSet<String>> = known
        .iter()
        .map(|(m, p)| {
            let text = std::fs::read_to_string(p).expect("readable");
            (m.clone(), imports(m, &text, &known))
        })
        .collect();
    assert!(graph.len() > 20, "found only {} files", graph.len());
    // Depth-first search for a back edge; report the loop it closes.
    fn visit(
        m: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = stack.iter().position(|s| s == m) {
            let mut cycle = stack[i..].to_vec();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        stack.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(next, graph, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        if let Some(cycle) = visit(m, &graph, &mut Vec::new(), &mut done) {
            panic!("import circle in app/: {}", cycle.join(" -> "));
        }
    }
}

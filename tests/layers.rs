//! The layers hold: a module imports only from the layers below it (docs/design.md, "Layout"). Read from the
//! source: every `crate::<module>` path outside comments and outside the file's test module, per top-level module
//! of `src/`. A new upward import fails here; the known ones still to be moved are listed with why.

use std::collections::BTreeSet;
use std::path::Path;

/// What each layer may use besides itself. `wire` is the bottom; `proxy` (and the binary's helpers) the top.
fn allowed(module: &str) -> Option<&'static [&'static str]> {
    Some(match module {
        "wire" | "identity" | "limit" | "telemetry" => &[],
        "policy" | "state" => &["wire"],
        "store" => &["wire", "state", "limit", "telemetry"],
        "config" => &["wire", "policy", "state", "identity", "limit", "store"],
        "proxy" => &[
            "wire",
            "policy",
            "state",
            "identity",
            "limit",
            "telemetry",
            "store",
            "config",
        ],
        "demo" => &[
            "wire",
            "policy",
            "state",
            "identity",
            "limit",
            "telemetry",
            "store",
            "config",
            "proxy",
        ],
        _ => return None,
    })
}

/// Upward imports still in the code, each with the reason it is not moved yet (issue 39). Shrink, never grow.
const KNOWN: &[(&str, &str, &str)] = &[];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The `crate::<module>` names `text` uses in code, before its test module.
fn imports(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") {
            break;
        }
        if code.starts_with("//") {
            continue;
        }
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.insert(name);
        }
    }
    out
}

#[test]
fn lower_layers_do_not_import_higher_ones() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = BTreeSet::new();
    for layer in std::fs::read_dir(&src).unwrap() {
        let dir = layer.unwrap().path();
        let Some(module) = dir.file_name().and_then(|n| n.to_str()).map(str::to_owned) else {
            continue;
        };
        let Some(ok) = allowed(&module) else { continue };
        assert!(dir.is_dir(), "{module} is a directory module");
        let mut files = Vec::new();
        rust_files(&dir, &mut files);
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for used in imports(&text) {
                if used == module || ok.contains(&used.as_str()) || allowed(&used).is_none() {
                    continue;
                }
                found.insert((module.clone(), used, file.display().to_string()));
            }
        }
    }
    let unknown: Vec<_> = found
        .iter()
        .filter(|(m, u, _)| !KNOWN.iter().any(|(km, ku, _)| km == m && ku == u))
        .collect();
    assert!(unknown.is_empty(), "upward imports: {unknown:#?}");
    // A known exception that is gone must leave the list, so the list stays the truth.
    for (m, u, why) in KNOWN {
        assert!(
            found.iter().any(|(fm, fu, _)| fm == m && fu == u),
            "{m} no longer imports {u} ({why}): remove it from KNOWN"
        );
    }
}

#[test]
fn the_scan_sees_imports_and_skips_comments_and_tests() {
    let text = "use crate::wire::tree;\n// crate::proxy in a comment\nfn f() { crate::state::hex(&[]); }\n#[cfg(test)]\nmod tests { use crate::config; }\n";
    let got: Vec<String> = imports(text).into_iter().collect();
    assert_eq!(got, ["state", "wire"]);
}

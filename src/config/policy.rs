//! The `policy` section: the rule table, the secret packs, the URL policy and the clean-schema cache,
//! compiled into the [`Engine`] every route judges with.

use crate::policy::clean_schemas::{self, CleanSchemas};
use crate::policy::engine::Engine;
use crate::policy::rules::RuleTable;
use crate::policy::secret::{PackSource, SecretPolicy};
use crate::policy::url::UrlPolicy;

use super::{file, Cx};

/// The engine, or None when a part of it cannot be compiled (the errors are in `cx`).
pub(super) fn compile(cx: &mut Cx<'_>, p: &file::PolicyFile) -> Option<Engine> {
    let mut rules = match RuleTable::embedded() {
        Ok(r) => r,
        Err(e) => {
            cx.invalid("policy", e);
            RuleTable::default()
        }
    };
    rules.overlay(&p.rules);
    let clean_schema_bytes = match p.clean_schema_cache_bytes {
        None => clean_schemas::DEFAULT_MAX_BYTES,
        Some(n) if n <= clean_schemas::MAX_MAX_BYTES => n,
        Some(_) => {
            cx.invalid(
                "policy.clean_schema_cache_bytes",
                format!("must be at most {}", clean_schemas::MAX_MAX_BYTES),
            );
            0
        }
    };
    let mut packs = Vec::new();
    for (i, pack) in p.secret_packs.iter().enumerate() {
        let path = cx.watch(pack);
        match std::fs::read_to_string(&path) {
            Ok(text) => packs.push(PackSource {
                name: path.display().to_string(),
                text,
            }),
            Err(e) => cx.invalid(
                &format!("policy.secret_packs[{i}]"),
                format!("{}: {e}", path.display()),
            ),
        }
    }
    let secret = SecretPolicy::compile(&packs)
        .map(|mut s| {
            // One budget for both memories of clean forms: the rules' (schemas) and the learned model's.
            s.set_model_memory(clean_schema_bytes);
            s
        })
        .map_err(|e| cx.invalid("policy.secret_packs", e.to_string()))
        .ok();
    let url = match &p.url_policy {
        None => UrlPolicy::embedded_default()
            .map_err(|e| cx.invalid("policy (embedded urls.yaml)", e.to_string()))
            .ok(),
        Some(file_path) => {
            let path = cx.watch(file_path);
            let parsed = std::fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|t| file::parse_url_policy(&t));
            match parsed {
                Err(e) => {
                    cx.invalid("policy.url_policy", format!("{}: {e}", path.display()));
                    None
                }
                Ok(c) => UrlPolicy::compile(&c)
                    .map_err(|e| cx.invalid("policy.url_policy", e.to_string()))
                    .ok(),
            }
        }
    };
    Some(Engine {
        secret: secret?,
        url: url?,
        rules,
        clean_schemas: CleanSchemas::new(clean_schema_bytes),
    })
}

//! A discriminator's mapping on compact pages (`fixtures/page-count/compact-discriminator.yaml`):
//! the stand-ins of the schemas it names are built once per spec, and each page still gets its
//! own mapping, `circular(...)` where the schema named is on that page's stack. Pages are
//! expanded in both orders, so a mapping kept from one page cannot pass for the other's.

use std::path::Path;

use openapi_docs_core::internals::load;
use openapi_docs_core::internals::resolve::{Limits, Resolver};
use serde_json::{Value, json};

fn resolver() -> Resolver {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/page-count/compact-discriminator.yaml");
    let file = load::read_one(&path).expect("fixture parses");
    let mut resolver = Resolver::new(&file.path, file.text.clone(), file.document);
    resolver.load_external_refs().expect("no external refs");
    resolver.learn_dereference_cache();
    // Small enough that both pages are compact.
    resolver.set_limits(Limits {
        max_nodes: 20,
        ..Limits::default()
    });
    resolver
}

/// The mapping of `Entity` (the first `allOf` member of the page's schema).
fn mapping_on(resolver: &Resolver, pointer: &str) -> Value {
    let page = resolver.expand_at(pointer).expect("expands");
    let schema = &page["get"]["responses"]["200"]["content"]["application/json"]["schema"];
    schema["allOf"][0]["discriminator"]["mapping"].clone()
}

fn stand_in(title: &str) -> Value {
    json!({"type": "object", "title": title, "properties": {}})
}

#[test]
fn each_compact_page_gets_its_own_mapping() {
    let users = json!({
        "user": "circular(User)",
        "group": stand_in("Group"),
        "other": "https://example.com/not-in-this-document",
    });
    let groups = json!({
        "user": stand_in("User"),
        "group": "circular(Group)",
        "other": "https://example.com/not-in-this-document",
    });
    let resolver = resolver();
    assert_eq!(mapping_on(&resolver, "/paths/~1users"), users);
    assert_eq!(mapping_on(&resolver, "/paths/~1groups"), groups);
    assert_eq!(mapping_on(&resolver, "/paths/~1users"), users);
    assert_eq!(resolver.compact_pages().len(), 3);
    let resolver = self::resolver();
    assert_eq!(mapping_on(&resolver, "/paths/~1groups"), groups);
    assert_eq!(mapping_on(&resolver, "/paths/~1users"), users);
}

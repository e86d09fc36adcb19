//! The learned second signal (`form.secret.model`, src/policy/secret/model.rs): the embedded weights load and
//! match their header, the feature extraction is stable, and the weights were trained on the corpora on disk
//! (a corpus change without retraining with `tools/model/train.py train` fails here).

use elicitguard::policy::secret::model::Weights;
use elicitguard::policy::secret::SecretPolicy;
use elicitguard::wire::tree::{Arena, Node};

/// The training data, in the trainer's order (`BATCHES` in tools/model/train.py).
const BATCHES: [&str; 26] = [
    "dev",
    "fresh",
    "fresh2",
    "fresh3",
    "fresh4",
    "fresh5",
    "fresh6",
    "fresh7",
    "fresh8",
    "fresh9",
    "fresh10",
    "fresh11",
    "fresh12",
    "fresh13",
    "fresh14",
    "fresh15",
    "fresh16",
    "fresh17",
    "fresh18",
    "fresh19",
    "fresh20",
    "fresh21",
    "tricky",
    "ordinary",
    "ordinary2",
    "forms.jsonl",
];

fn corpus() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

/// tools/model/train.py `data_hash`: every training file's path under tests/corpus, a NUL, its bytes, a NUL.
fn data_hash() -> Vec<u8> {
    let mut ctx = aws_lc_rs::digest::Context::new(&aws_lc_rs::digest::SHA256);
    for b in BATCHES {
        let mut files: Vec<String> = if b.ends_with(".jsonl") {
            vec![b.to_owned()]
        } else {
            let dir = corpus().join(b).join("forms");
            let mut names: Vec<String> = std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".jsonl"))
                .map(|n| format!("{b}/forms/{n}"))
                .collect();
            names.sort();
            names
        };
        // Python's sorted() over whole paths, as here: the directory prefix is common.
        files.sort();
        for f in files {
            ctx.update(f.as_bytes());
            ctx.update(b"\0");
            ctx.update(&std::fs::read(corpus().join(&f)).unwrap());
            ctx.update(b"\0");
        }
    }
    ctx.finish().as_ref().to_vec()
}

#[test]
fn the_embedded_weights_load_and_match_their_header() {
    let w = Weights::embedded().expect("the embedded model file reads");
    assert_eq!(w.bits, 18);
    assert!(w.scale > 0.0 && w.scale.is_finite());
    assert!(w.threshold.is_finite() && w.bias.is_finite());
    // A trained model has weights of both signs.
    let (mut pos, mut neg) = (0, 0);
    for i in 0..(1u32 << w.bits) {
        let x = w.weight(i);
        pos += usize::from(x > 0.0);
        neg += usize::from(x < 0.0);
    }
    assert!(pos > 1000 && neg > 1000, "{pos} positive, {neg} negative");
}

#[test]
fn the_weights_were_trained_on_the_corpora_on_disk() {
    let w = Weights::embedded().expect("the embedded model file reads");
    let on_disk = data_hash();
    assert_eq!(
        w.data_hash.as_slice(),
        on_disk.as_slice(),
        "the training corpora changed since the model was trained: run `python3 tools/model/train.py --bin \
         $CARGO_TARGET_DIR/debug/elicitguard train` and commit src/policy/secret/model/weights.bin and \
         tools/model/manifest.json"
    );
}

/// A form written for this test: its distinct feature indices, ascending, as `elicitguard model-features`
/// printed them when the model was trained. A change to the folding, the n-grams, the sources, the structure
/// features or the hash changes them, and then the embedded weights no longer mean what they were trained to:
/// retrain.
#[test]
fn the_feature_extraction_is_stable() {
    const GOLDEN: [u32; 77] = [
        1724, 5287, 6662, 7333, 9245, 23974, 30824, 32305, 33686, 34452, 35459, 37922, 42890,
        43260, 44482, 46308, 47005, 48486, 48702, 54155, 62213, 68615, 88112, 88521, 89072, 91991,
        93125, 99188, 100768, 100825, 101305, 102902, 106800, 112135, 113980, 115881, 122771,
        126594, 127187, 132017, 132538, 134441, 141790, 143748, 147097, 148035, 151813, 156248,
        158261, 160963, 164313, 165163, 166270, 173349, 179350, 188398, 194108, 199296, 200166,
        201245, 204164, 208866, 211442, 213056, 216116, 216167, 219010, 222014, 226432, 230332,
        239599, 239916, 240609, 241273, 248597, 252663, 256744,
    ];
    let policy = SecretPolicy::compile(&[]).unwrap();
    let schema = serde_json::json!({"type": "object", "properties": {
        "tok": {"type": "string", "title": "Token", "maxLength": 8}}});
    let (base, segments, _) = policy
        .model_features("Deploy token", &Node::from_value(&schema, &Arena::new()))
        .expect("the embedded model file reads");
    // One sentence: the message's buckets in one segment, the field's and the shape's in the rest.
    assert_eq!(segments.len(), 1);
    assert_eq!(base.len() + segments[0].len(), GOLDEN.len());
    let mut features: Vec<u32> = base.iter().chain(&segments[0]).copied().collect();
    features.sort_unstable();
    assert_eq!(features, GOLDEN);
}

/// The benchmarks' benign 2 KB table booking (`benches/fixtures/input_required_2k.json`: one long ordinary
/// sentence about a warehouse report, said five times, over a booking's fields) scores well under the
/// threshold, not just under it. The weights retrained in s13 scored it 1.29 against 1.284, blocking it: an
/// ordinary sentence drifting over the threshold by its length (docs/model.md, "Length"). The bench asserts the
/// fixture is allowed; this asserts the margin, so that a retraining that drifts back fails here first. The
/// margin is asked of the recipe, not of this fixture, which is not training data.
#[test]
fn the_benign_bench_booking_scores_well_under_the_threshold() {
    const MARGIN: f32 = 0.25;
    let w = Weights::embedded().expect("the embedded model file reads");
    let policy = SecretPolicy::compile(&[]).unwrap();
    let fixture: serde_json::Value =
        serde_json::from_slice(include_bytes!("../benches/fixtures/input_required_2k.json"))
            .expect("the fixture is JSON");
    let params = &fixture["result"]["inputRequests"]["book0"]["params"];
    let message = params["message"].as_str().expect("a message");
    for message in [
        message.to_owned(),
        message.replace("Book a table:", "Book a table with your booking code:"),
    ] {
        let arena = Arena::new();
        let schema = Node::from_value(&params["requestedSchema"], &arena);
        let (_, _, score) = policy
            .model_features(&message, &schema)
            .expect("the embedded model file reads");
        assert!(
            score < w.threshold - MARGIN,
            "the benign booking scores {score}, threshold {}",
            w.threshold
        );
    }
}

/// Version 4 reads the fields first, within their own share of the budget, and the message with the rest: the
/// benchmarks' 2 KB booking, whose message alone fills the whole budget, keeps its fields read (version 3 read
/// none of them: a padded message blinded the model to the fields). The counts are those `elicitguard
/// model-features` printed when the model was trained: a change to the budgets or their order changes them, and
/// the weights must be retrained.
#[test]
fn a_long_message_leaves_the_fields_read() {
    let policy = SecretPolicy::compile(&[]).unwrap();
    let fixture: serde_json::Value =
        serde_json::from_slice(include_bytes!("../benches/fixtures/input_required_2k.json"))
            .expect("the fixture is JSON");
    let params = &fixture["result"]["inputRequests"]["book0"]["params"];
    let message = params["message"].as_str().expect("a message");
    let arena = Arena::new();
    let schema = Node::from_value(&params["requestedSchema"], &arena);
    let (base, segments, _) = policy
        .model_features(message, &schema)
        .expect("the embedded model file reads");
    assert_eq!(base.len(), 190, "the fields and shape");
    assert_eq!(
        segments.iter().map(Vec::len).collect::<Vec<_>>(),
        [489, 459, 459, 95],
        "the message's sentences, the last cut by the budget"
    );
}

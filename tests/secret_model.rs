//! The learned second signal (`form.secret.model`, src/policy/secret/model.rs): the embedded weights load and
//! match their header, the feature extraction is stable, and the weights were trained on the corpora on disk
//! (a corpus change without retraining with `tools/model/train.py train` fails here).

use elicitguard::policy::secret::model::Weights;
use elicitguard::policy::secret::SecretPolicy;
use elicitguard::wire::tree::{Arena, Node};

/// The training data, in the trainer's order (`BATCHES` in tools/model/train.py).
const BATCHES: [&str; 7] = [
    "dev",
    "fresh",
    "fresh2",
    "fresh3",
    "fresh4",
    "fresh5",
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

/// A form written for this test: its feature indices in the order read, as `elicitguard model-features` printed them when the
/// model was trained. A change to the folding, the n-grams, the sources, the structure features or the hash
/// changes them, and then the embedded weights no longer mean what they were trained to: retrain.
#[test]
fn the_feature_extraction_is_stable() {
    const GOLDEN: [u32; 77] = [
        200166, 158261, 89072, 199296, 143748, 188398, 132538, 208866, 252663, 34452, 30824, 62213,
        216116, 47005, 102902, 9245, 68615, 256744, 148035, 164313, 134441, 165163, 156248, 42890,
        43260, 151813, 141790, 239599, 48702, 213056, 132017, 1724, 179350, 127187, 126594, 204164,
        239916, 240609, 201245, 112135, 23974, 211442, 5287, 46308, 44482, 91991, 99188, 113980,
        54155, 100768, 226432, 88112, 106800, 7333, 241273, 194108, 115881, 48486, 101305, 88521,
        6662, 100825, 248597, 37922, 93125, 32305, 160963, 230332, 33686, 219010, 35459, 147097,
        166270, 222014, 216167, 173349, 122771,
    ];
    let policy = SecretPolicy::compile(&[]).unwrap();
    let schema = serde_json::json!({"type": "object", "properties": {
        "tok": {"type": "string", "title": "Token", "maxLength": 8}}});
    let (features, _) = policy
        .model_features("Deploy token", &Node::from_value(&schema, &Arena::new()))
        .expect("the embedded model file reads");
    assert_eq!(features, GOLDEN);
}

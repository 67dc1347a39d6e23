//! Puts the pages of `web-static/` inside the binary: a list of each file's name and bytes,
//! so that a `swiss` copied anywhere serves them (a configured folder still overrides it).

use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web-static");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("pages.rs");
    let mut text =
        String::from("/// The pages, by file name.\npub static PAGES: &[(&str, &[u8])] = &[\n");
    for name in names {
        println!("cargo:rerun-if-changed={}", dir.join(&name).display());
        text.push_str(&format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            dir.join(&name).display().to_string()
        ));
    }
    text.push_str("];\n");
    std::fs::write(out, text).expect("the generated list of pages is written");
}

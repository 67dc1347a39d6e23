//! Puts the pages of `web-static/` inside the binary: a list of each file's name and bytes,
//! so that a `swiss` copied anywhere serves them (a configured folder still overrides it).

use std::io::Write;
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
    let mut f = std::fs::File::create(out).expect("the generated list");
    writeln!(f, "/// The pages, by file name.").unwrap();
    writeln!(f, "pub static PAGES: &[(&str, &[u8])] = &[").unwrap();
    for name in names {
        println!("cargo:rerun-if-changed={}", dir.join(&name).display());
        writeln!(
            f,
            "    ({name:?}, include_bytes!({:?})),",
            dir.join(&name).display().to_string()
        )
        .unwrap();
    }
    writeln!(f, "];").unwrap();
}

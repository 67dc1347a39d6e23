//! A TRF file's header records (012 name, 042 start date, ..., 132 round dates): whether two
//! texts of one say the same, and a file's header brought up to date with what the tournament
//! says now, each record in the file's own words where its meaning is unchanged.

use crate::model::tournament::InfoRecord;

/// Whether two texts of the header record `code` say the same: dates (042, 052, the round
/// dates of 132) compared as dates whatever their form (`24/09/2010` is `2010/09/24`), counts
/// (062, 072, 082) as numbers, anything else as text without its trailing blanks.
pub fn info_same_meaning(code: &str, a: &str, b: &str) -> bool {
    use crate::model::details::Date;
    let dates =
        |t: &str| -> Option<Vec<Date>> { t.split_whitespace().map(Date::parse_trf).collect() };
    let date = |t: &str| Date::parse_trf(t).map(|d| vec![d]);
    match code {
        "042" | "052" => match (date(a).or_else(|| dates(a)), date(b).or_else(|| dates(b))) {
            (Some(x), Some(y)) => x == y,
            _ => a.trim_end() == b.trim_end(),
        },
        "132" => match (dates(a), dates(b)) {
            (Some(x), Some(y)) => x == y,
            _ => a.trim_end() == b.trim_end(),
        },
        "062" | "072" | "082" => match (a.trim().parse::<u64>(), b.trim().parse::<u64>()) {
            (Ok(x), Ok(y)) => x == y,
            _ => a.trim() == b.trim(),
        },
        _ => a.trim_end() == b.trim_end(),
    }
}

/// A file's header records brought up to date with `fresh` (what the tournament says now),
/// each in the file's place and, where its meaning is unchanged, the file's own words: a
/// record of a code `fresh` has replaces the file's first unmatched one of that code when its
/// meaning differs; a new one is added at the end; the file's 092 (its own words for the type)
/// and every code `fresh` does not have stay as written.
pub fn merge_header(file: &[InfoRecord], fresh: Vec<InfoRecord>) -> Vec<InfoRecord> {
    let mut out = file.to_vec();
    let mut used = vec![false; out.len()];
    for r in fresh {
        if r.code == "092" && file.iter().any(|o| o.code == "092") {
            continue;
        }
        match (0..out.len()).find(|&i| !used[i] && out[i].code == r.code) {
            Some(i) => {
                used[i] = true;
                if !info_same_meaning(&r.code, &out[i].text, &r.text) {
                    out[i].text = r.text;
                }
            }
            None => {
                used.push(true);
                out.push(r);
            }
        }
    }
    out
}

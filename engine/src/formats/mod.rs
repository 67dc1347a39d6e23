//! The file formats: FIDE's Tournament Report File ([`trf`]) and FIDE's rating list
//! ([`rating_list`]). Each reads text into the model, reporting every problem with its line
//! and column, and writes the model back; nothing here pairs or ranks.

pub mod rating_list;
pub mod trf;

//! Every conversion between the persisted schema ([`crate::schema`]) and the two other
//! vocabularies, in one place: the engine's values ([`values`]), the application's own
//! ([`vocabulary`]), and a tournament read from a TRF file into the events that record it
//! ([`file`]). Each explicit, so that a rename in one vocabulary never silently changes
//! another. This folder imports neither the replay nor the application: they import it.

pub mod file;
pub mod values;
pub mod vocabulary;

pub use file::{acceleration_of_file, events_of_file};
pub use values::*;
pub use vocabulary::*;

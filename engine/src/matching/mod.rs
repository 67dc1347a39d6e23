//! The graph algorithms the pairing systems put their criteria into. Nothing here knows chess:
//! vertices, edges, rows, columns, weights and costs.
//!
//! - [`weighted`]: maximum-weight matching in general graphs (Edmonds' blossoms with duals).
//! - [`cardinality`]: maximum-cardinality matching kept between questions.
//! - [`assignment`]: minimum-cost assignment (the Hungarian method), kept incremental.
//! - [`class_assignment`]: the first optimal assignment in the rows' order when costs depend
//!   only on classes of rows and columns.
//! - [`row_order`]: the first best matching in an order of rows, by wide weights.

pub mod assignment;
pub mod cardinality;
pub mod class_assignment;
pub mod row_order;
pub mod weighted;

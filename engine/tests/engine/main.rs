//! The engine's tests, one module per feature.

mod generator;
mod model;
mod round_one;
mod support;
mod trf_errors;
mod trf_files;
mod validator;

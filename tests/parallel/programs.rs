//! Required programs.

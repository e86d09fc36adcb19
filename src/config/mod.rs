//! The YAML file format, compiled into a validated snapshot; reload.

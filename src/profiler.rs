//! Built-in profiler (placeholder API; the real implementation lands with issue 2).

/// Opens a named profiling scope that closes at the end of the enclosing block.
#[macro_export]
macro_rules! profile_scope {
    ($name:expr) => {
        let _profile_guard = $crate::profiler::Scope::new($name);
    };
}

/// Opens a profiling scope named after the enclosing function.
#[macro_export]
macro_rules! profile_function {
    () => {
        $crate::profile_scope!({
            fn f() {}
            let name = ::std::any::type_name_of_val(&f);
            &name[..name.len() - 3]
        });
    };
}

/// RAII guard of one scope.
pub struct Scope;

impl Scope {
    pub fn new(_name: &'static str) -> Scope {
        Scope
    }
}

/// Records a counter sample (e.g. nodes searched).
pub fn counter(_name: &'static str, _value: f64) {}

//! Proofs that this CPU has an instruction set: values without size that
//! only a run-time check can make.
//!
//! A helper that runs AVX2 (or SSE4.1, BMI2, AVX-512) instructions takes
//! one as a parameter, so it cannot be called before the check, and the
//! proof costs nothing once the check is done: no register, no test. The
//! fields are private, so [`X86V3::detect`] and [`X86V4::detect`] are the
//! only ways to make one.

/// Proof that this CPU runs x86-64-v3: AVX, AVX2, BMI1, BMI2, FMA, LZCNT,
/// MOVBE, POPCNT and SSE up to 4.2, every feature the AVX2 levels'
/// `#[target_feature]` copies enable (see `isa.rs`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86V3(());

impl X86V3 {
    /// The proof, if this CPU has the features.
    pub(crate) fn detect() -> Option<X86V3> {
        let has = is_x86_feature_detected!("avx2")
            && is_x86_feature_detected!("avx")
            && is_x86_feature_detected!("bmi1")
            && is_x86_feature_detected!("bmi2")
            && is_x86_feature_detected!("fma")
            && is_x86_feature_detected!("lzcnt")
            && is_x86_feature_detected!("movbe")
            && is_x86_feature_detected!("popcnt")
            && is_x86_feature_detected!("sse3")
            && is_x86_feature_detected!("ssse3")
            && is_x86_feature_detected!("sse4.1")
            && is_x86_feature_detected!("sse4.2");
        has.then_some(X86V3(()))
    }
}

/// Proof that this CPU runs x86-64-v4's AVX-512 subsets (F, BW, CD, DQ,
/// VL) on top of x86-64-v3.
#[derive(Clone, Copy, Debug)]
pub(crate) struct X86V4 {
    v3: X86V3,
}

impl X86V4 {
    /// The proof, if this CPU (which has x86-64-v3) has the features.
    pub(crate) fn detect(v3: X86V3) -> Option<X86V4> {
        let has = is_x86_feature_detected!("avx512f")
            && is_x86_feature_detected!("avx512bw")
            && is_x86_feature_detected!("avx512cd")
            && is_x86_feature_detected!("avx512dq")
            && is_x86_feature_detected!("avx512vl");
        has.then_some(X86V4 { v3 })
    }
}

/// x86-64-v4 includes v3.
impl From<X86V4> for X86V3 {
    #[inline(always)]
    fn from(v4: X86V4) -> X86V3 {
        v4.v3
    }
}

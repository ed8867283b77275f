// Harvested by `testspace harvest` from num-complex 0.4.6: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A complex number in Cartesian form.
///
/// `num_complex::Complex` with T = i32.
#[derive(Clone, Debug)]
pub struct ComplexOfInts(pub num_complex::Complex<i32>);

#[testspace::subject]
impl ComplexOfInts {
    pub fn new(re: i32, im: i32) -> Self {
        Self(<num_complex::Complex<i32>>::new(re, im))
    }
    pub fn i() -> Self {
        Self(<num_complex::Complex<i32>>::i())
    }
    pub fn default() -> Self {
        Self(<num_complex::Complex<i32>>::default())
    }
    pub fn norm_sqr(&self) -> i32 {
        self.0.norm_sqr()
    }
    pub fn scale(&self, t: i32) -> Self {
        Self(self.0.scale(t))
    }
    pub fn unscale(&self, t: i32) -> Self {
        Self(self.0.unscale(t))
    }
    pub fn powu(&self, exp: u32) -> Self {
        Self(self.0.powu(exp))
    }
    pub fn conj(&self) -> Self {
        Self(self.0.conj())
    }
    pub fn inv(&self) -> Self {
        Self(self.0.inv())
    }
    pub fn powi(&self, exp: i32) -> Self {
        Self(self.0.powi(exp))
    }
    pub fn l1_norm(&self) -> i32 {
        self.0.l1_norm()
    }
}
// Skipped methods of `num_complex::Complex`:
// - `to_polar`: it returns `(i32, i32)`, which no pool holds
// - `is_normal`: it does not compile with T = i32: the method `is_normal` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `is_finite`: it does not compile with T = i32: the method `is_finite` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `is_infinite`: it does not compile with T = i32: the method `is_infinite` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `is_nan`: it does not compile with T = i32: the method `is_nan` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `log10`: it does not compile with T = i32: the method `log10` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `log2`: it does not compile with T = i32: the method `log2` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `exp2`: it does not compile with T = i32: the method `exp2` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `fdiv`: it does not compile with T = i32: the method `fdiv` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `finv`: it does not compile with T = i32: the method `finv` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `atanh`: it does not compile with T = i32: the method `atanh` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `acosh`: it does not compile with T = i32: the method `acosh` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `asinh`: it does not compile with T = i32: the method `asinh` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `tanh`: it does not compile with T = i32: the method `tanh` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `cosh`: it does not compile with T = i32: the method `cosh` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `sinh`: it does not compile with T = i32: the method `sinh` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `atan`: it does not compile with T = i32: the method `atan` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `acos`: it does not compile with T = i32: the method `acos` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `asin`: it does not compile with T = i32: the method `asin` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `tan`: it does not compile with T = i32: the method `tan` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `cos`: it does not compile with T = i32: the method `cos` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `sin`: it does not compile with T = i32: the method `sin` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `expf`: it does not compile with T = i32: the method `expf` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `powc`: it does not compile with T = i32: the method `powc` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `log`: it does not compile with T = i32: the method `log` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `powf`: it does not compile with T = i32: the method `powf` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `cbrt`: it does not compile with T = i32: the method `cbrt` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `sqrt`: it does not compile with T = i32: the method `sqrt` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `ln`: it does not compile with T = i32: the method `ln` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `exp`: it does not compile with T = i32: the method `exp` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `arg`: it does not compile with T = i32: the method `arg` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `norm`: it does not compile with T = i32: the method `norm` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `from_polar`: it does not compile with T = i32: the function or associated item `from_polar` exists for struct `Complex<i32>`, but its trait bounds were not satisfied
// - `cis`: it does not compile with T = i32: the function or associated item `cis` exists for struct `Complex<i32>`, but its trait bounds were not satisfied

// `num_complex::ComplexDistribution`: no subject, because it has no public constructor the pools can call.

// `num_complex::ParseComplexError`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// Harvested by `testspace harvest` from num-rational 0.4.2: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `num_rational::ParseRatioError`: no subject, because it has no public constructor the pools can call.

/// Represents the ratio between two numbers.
///
/// `num_rational::Ratio` with T = i32.
#[derive(Clone, Debug)]
pub struct RatioOfInts(pub num_rational::Ratio<i32>);

#[testspace::subject]
impl RatioOfInts {
    pub fn new_raw(numer: i32, denom: i32) -> Self {
        Self(<num_rational::Ratio<i32>>::new_raw(numer, denom))
    }
    pub fn new(numer: i32, denom: i32) -> Self {
        Self(<num_rational::Ratio<i32>>::new(numer, denom))
    }
    pub fn from_integer(t: i32) -> Self {
        Self(<num_rational::Ratio<i32>>::from_integer(t))
    }
    pub fn default() -> Self {
        Self(<num_rational::Ratio<i32>>::default())
    }
    pub fn numer(&self) -> i32 {
        *self.0.numer()
    }
    pub fn denom(&self) -> i32 {
        *self.0.denom()
    }
    pub fn to_integer(&self) -> i32 {
        self.0.to_integer()
    }
    pub fn is_integer(&self) -> bool {
        self.0.is_integer()
    }
    pub fn reduced(&self) -> Self {
        Self(self.0.reduced())
    }
    pub fn recip(&self) -> Self {
        Self(self.0.recip())
    }
    pub fn floor(&self) -> Self {
        Self(self.0.floor())
    }
    pub fn ceil(&self) -> Self {
        Self(self.0.ceil())
    }
    pub fn round(&self) -> Self {
        Self(self.0.round())
    }
    pub fn trunc(&self) -> Self {
        Self(self.0.trunc())
    }
    pub fn fract(&self) -> Self {
        Self(self.0.fract())
    }
    pub fn pow(&self, expon: i32) -> Self {
        Self(self.0.pow(expon))
    }
}
// Skipped methods of `num_rational::Ratio`:
// - `into_raw`: it returns `(i32, i32)`, which no pool holds
// - `from_float`: it is in an impl for `Ratio<BigInt>` only
// - `approximate_float`: it is generic over `F: FloatCore + NumCast`
// - `approximate_float_unsigned`: it is generic over `F: FloatCore + NumCast`

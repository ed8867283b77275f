// Harvested by `testspace harvest` from num-bigint 0.5.1: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

/// A big signed integer type.
#[derive(Clone, Debug)]
pub struct BigInt(pub num_bigint::BigInt);

#[testspace::subject]
impl BigInt {
    pub fn new_const(n: i32) -> Self {
        Self(<num_bigint::BigInt>::new_const(n))
    }
    pub fn default() -> Self {
        Self(<num_bigint::BigInt>::default())
    }
    pub fn to_str_radix(&self, radix: u32) -> String {
        self.0.to_str_radix(radix)
    }
    pub fn bits(&self) -> u64 {
        self.0.bits()
    }
    pub fn checked_add(&self, v: &Self) -> Option<Self> {
        self.0.checked_add(&v.0).map(Self)
    }
    pub fn checked_sub(&self, v: &Self) -> Option<Self> {
        self.0.checked_sub(&v.0).map(Self)
    }
    pub fn checked_mul(&self, v: &Self) -> Option<Self> {
        self.0.checked_mul(&v.0).map(Self)
    }
    pub fn checked_div(&self, v: &Self) -> Option<Self> {
        self.0.checked_div(&v.0).map(Self)
    }
    pub fn pow(&self, exponent: u32) -> Self {
        Self(self.0.pow(exponent))
    }
    pub fn modpow(&self, exponent: &Self, modulus: &Self) -> Self {
        Self(self.0.modpow(&exponent.0, &modulus.0))
    }
    pub fn modinv(&self, modulus: &Self) -> Option<Self> {
        self.0.modinv(&modulus.0).map(Self)
    }
    pub fn sqrt(&self) -> Self {
        Self(self.0.sqrt())
    }
    pub fn cbrt(&self) -> Self {
        Self(self.0.cbrt())
    }
    pub fn nth_root(&self, n: u32) -> Self {
        Self(self.0.nth_root(n))
    }
    pub fn trailing_zeros(&self) -> Option<u64> {
        self.0.trailing_zeros()
    }
    pub fn bit(&self, bit: u64) -> bool {
        self.0.bit(bit)
    }
    pub fn set_bit(&mut self, bit: u64, value: bool) {
        self.0.set_bit(bit, value);
    }
}
// Skipped methods of `num_bigint::BigInt`:
// - `new`: parameter `sign` has type `Sign`, which no pool holds
// - `from_biguint`: parameter `sign` has type `Sign`, which no pool holds
// - `from_slice`: parameter `sign` has type `Sign`, which no pool holds
// - `assign_from_slice`: parameter `sign` has type `Sign`, which no pool holds
// - `from_bytes_be`: parameter `sign` has type `Sign`, which no pool holds
// - `from_bytes_le`: parameter `sign` has type `Sign`, which no pool holds
// - `from_signed_bytes_be`: parameter `digits` has type `&[u8]`, which no pool holds
// - `from_signed_bytes_le`: parameter `digits` has type `&[u8]`, which no pool holds
// - `parse_bytes`: parameter `buf` has type `&[u8]`, which no pool holds
// - `from_radix_be`: parameter `sign` has type `Sign`, which no pool holds
// - `from_radix_le`: parameter `sign` has type `Sign`, which no pool holds
// - `to_bytes_be`: it returns `(Sign, Vec<u8>)`, which no pool holds
// - `to_bytes_le`: it returns `(Sign, Vec<u8>)`, which no pool holds
// - `to_u32_digits`: it returns `(Sign, Vec<u32>)`, which no pool holds
// - `to_u64_digits`: it returns `(Sign, Vec<u64>)`, which no pool holds
// - `iter_u32_digits`: it returns `U32Digits<'_>`, which no pool holds
// - `iter_u64_digits`: it returns `U64Digits<'_>`, which no pool holds
// - `to_signed_bytes_be`: it returns `Vec<u8>`, which no pool holds
// - `to_signed_bytes_le`: it returns `Vec<u8>`, which no pool holds
// - `to_radix_be`: it returns `(Sign, Vec<u8>)`, which no pool holds
// - `to_radix_le`: it returns `(Sign, Vec<u8>)`, which no pool holds
// - `sign`: it returns `Sign`, which no pool holds
// - `magnitude`: it returns `&BigUint`, which no pool holds
// - `into_parts`: it returns `(Sign, BigUint)`, which no pool holds
// - `into_biguint`: it returns `Option<BigUint>`, which no pool holds
// - `to_biguint`: it returns `Option<BigUint>`, which no pool holds

/// A big unsigned integer type.
#[derive(Clone, Debug)]
pub struct BigUint(pub num_bigint::BigUint);

#[testspace::subject]
impl BigUint {
    pub fn new_const(n: u32) -> Self {
        Self(<num_bigint::BigUint>::new_const(n))
    }
    pub fn default() -> Self {
        Self(<num_bigint::BigUint>::default())
    }
    pub fn to_str_radix(&self, radix: u32) -> String {
        self.0.to_str_radix(radix)
    }
    pub fn bits(&self) -> u64 {
        self.0.bits()
    }
    pub fn pow(&self, exponent: u32) -> Self {
        Self(self.0.pow(exponent))
    }
    pub fn modpow(&self, exponent: &Self, modulus: &Self) -> Self {
        Self(self.0.modpow(&exponent.0, &modulus.0))
    }
    pub fn modinv(&self, modulus: &Self) -> Option<Self> {
        self.0.modinv(&modulus.0).map(Self)
    }
    pub fn sqrt(&self) -> Self {
        Self(self.0.sqrt())
    }
    pub fn cbrt(&self) -> Self {
        Self(self.0.cbrt())
    }
    pub fn nth_root(&self, n: u32) -> Self {
        Self(self.0.nth_root(n))
    }
    pub fn trailing_zeros(&self) -> Option<u64> {
        self.0.trailing_zeros()
    }
    pub fn trailing_ones(&self) -> u64 {
        self.0.trailing_ones()
    }
    pub fn count_ones(&self) -> u64 {
        self.0.count_ones()
    }
    pub fn bit(&self, bit: u64) -> bool {
        self.0.bit(bit)
    }
    pub fn set_bit(&mut self, bit: u64, value: bool) {
        self.0.set_bit(bit, value);
    }
}
// Skipped methods of `num_bigint::BigUint`:
// - `new`: parameter `digits` has type `Vec<u32>`, which no pool holds
// - `from_slice`: parameter `slice` has type `&[u32]`, which no pool holds
// - `assign_from_slice`: parameter `slice` has type `&[u32]`, which no pool holds
// - `from_bytes_be`: parameter `bytes` has type `&[u8]`, which no pool holds
// - `from_bytes_le`: parameter `bytes` has type `&[u8]`, which no pool holds
// - `parse_bytes`: parameter `buf` has type `&[u8]`, which no pool holds
// - `from_radix_be`: parameter `buf` has type `&[u8]`, which no pool holds
// - `from_radix_le`: parameter `buf` has type `&[u8]`, which no pool holds
// - `to_bytes_be`: it returns `Vec<u8>`, which no pool holds
// - `to_bytes_le`: it returns `Vec<u8>`, which no pool holds
// - `to_u32_digits`: it returns `Vec<u32>`, which no pool holds
// - `to_u64_digits`: it returns `Vec<u64>`, which no pool holds
// - `iter_u32_digits`: it returns `U32Digits<'_>`, which no pool holds
// - `iter_u64_digits`: it returns `U64Digits<'_>`, which no pool holds
// - `to_radix_be`: it returns `Vec<u8>`, which no pool holds
// - `to_radix_le`: it returns `Vec<u8>`, which no pool holds

// `num_bigint::ParseBigIntError`: no subject, because it has no public constructor the pools can call.

// `num_bigint::Sign`: no subject, because it has no public constructor the pools can call.

// `num_bigint::TryFromBigIntError`: no subject, because it has no public constructor the pools can call.

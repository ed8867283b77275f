//! The meter at release 0.1.0.

pub mod meter {
    #[derive(Clone, Debug, Default)]
    pub struct Meter {
        total: u32,
    }

    impl Meter {
        pub fn new() -> Self {
            Self::default()
        }
        pub fn record(&mut self, reading: u16) -> u32 {
            self.total += u32::from(reading);
            self.total
        }
    }
}

// Harvested by `testspace harvest` from chrono 0.4.45: one subject per public type it can
// drive; reviewable, and a person may edit it (the harvester does not overwrite it).

// `chrono::Date`: no subject, because it has no public constructor the pools can call.

// `chrono::DateTime`: no subject, because its wrapper does not compile: the trait bound `i32: TimeZone` is not satisfied.

// `chrono::Days`: no subject, because it has 0 usable methods besides its constructors, fewer than 3.

// `chrono::LocalResult`: no subject, because it has no public constructor the pools can call.

// `chrono::Month`: no subject, because it has no public constructor the pools can call.

// `chrono::Months`: no subject, because it has 1 usable method besides its constructors, fewer than 3.

// `chrono::NaiveWeek`: no subject, because it has no public constructor the pools can call.

// `chrono::OutOfRange`: no subject, because it has no public constructor the pools can call.

// `chrono::OutOfRangeError`: no subject, because it has no public constructor the pools can call.

// `chrono::ParseError`: no subject, because it has no public constructor the pools can call.

// `chrono::ParseMonthError`: no subject, because it has no public constructor the pools can call.

// `chrono::ParseWeekdayError`: no subject, because it has no public constructor the pools can call.

// `chrono::RoundingError`: no subject, because it has no public constructor the pools can call.

/// Time duration with nanosecond precision.
#[derive(Clone, Debug)]
pub struct TimeDelta(pub chrono::TimeDelta);

#[testspace::subject]
impl TimeDelta {
    pub fn new(secs: i64, nanos: u32) -> Option<Self> {
        <chrono::TimeDelta>::new(secs, nanos).map(Self)
    }
    pub fn weeks(weeks: i64) -> Self {
        Self(<chrono::TimeDelta>::weeks(weeks))
    }
    pub fn try_weeks(weeks: i64) -> Option<Self> {
        <chrono::TimeDelta>::try_weeks(weeks).map(Self)
    }
    pub fn days(days: i64) -> Self {
        Self(<chrono::TimeDelta>::days(days))
    }
    pub fn try_days(days: i64) -> Option<Self> {
        <chrono::TimeDelta>::try_days(days).map(Self)
    }
    pub fn hours(hours: i64) -> Self {
        Self(<chrono::TimeDelta>::hours(hours))
    }
    pub fn try_hours(hours: i64) -> Option<Self> {
        <chrono::TimeDelta>::try_hours(hours).map(Self)
    }
    pub fn minutes(minutes: i64) -> Self {
        Self(<chrono::TimeDelta>::minutes(minutes))
    }
    pub fn try_minutes(minutes: i64) -> Option<Self> {
        <chrono::TimeDelta>::try_minutes(minutes).map(Self)
    }
    pub fn seconds(seconds: i64) -> Self {
        Self(<chrono::TimeDelta>::seconds(seconds))
    }
    pub fn try_seconds(seconds: i64) -> Option<Self> {
        <chrono::TimeDelta>::try_seconds(seconds).map(Self)
    }
    pub fn milliseconds(milliseconds: i64) -> Self {
        Self(<chrono::TimeDelta>::milliseconds(milliseconds))
    }
    pub fn try_milliseconds(milliseconds: i64) -> Option<Self> {
        <chrono::TimeDelta>::try_milliseconds(milliseconds).map(Self)
    }
    pub fn microseconds(microseconds: i64) -> Self {
        Self(<chrono::TimeDelta>::microseconds(microseconds))
    }
    pub fn nanoseconds(nanos: i64) -> Self {
        Self(<chrono::TimeDelta>::nanoseconds(nanos))
    }
    pub fn min_value() -> Self {
        Self(<chrono::TimeDelta>::min_value())
    }
    pub fn max_value() -> Self {
        Self(<chrono::TimeDelta>::max_value())
    }
    pub fn zero() -> Self {
        Self(<chrono::TimeDelta>::zero())
    }
    pub fn default() -> Self {
        Self(<chrono::TimeDelta>::default())
    }
    pub fn num_weeks(&self) -> i64 {
        self.0.num_weeks()
    }
    pub fn num_days(&self) -> i64 {
        self.0.num_days()
    }
    pub fn num_hours(&self) -> i64 {
        self.0.num_hours()
    }
    pub fn num_minutes(&self) -> i64 {
        self.0.num_minutes()
    }
    pub fn num_seconds(&self) -> i64 {
        self.0.num_seconds()
    }
    pub fn num_milliseconds(&self) -> i64 {
        self.0.num_milliseconds()
    }
    pub fn subsec_millis(&self) -> i32 {
        self.0.subsec_millis()
    }
    pub fn num_microseconds(&self) -> Option<i64> {
        self.0.num_microseconds()
    }
    pub fn subsec_micros(&self) -> i32 {
        self.0.subsec_micros()
    }
    pub fn num_nanoseconds(&self) -> Option<i64> {
        self.0.num_nanoseconds()
    }
    pub fn subsec_nanos(&self) -> i32 {
        self.0.subsec_nanos()
    }
    pub fn checked_add(&self, rhs: &Self) -> Option<Self> {
        self.0.checked_add(&rhs.0).map(Self)
    }
    pub fn checked_sub(&self, rhs: &Self) -> Option<Self> {
        self.0.checked_sub(&rhs.0).map(Self)
    }
    pub fn checked_mul(&self, rhs: i32) -> Option<Self> {
        self.0.checked_mul(rhs).map(Self)
    }
    pub fn checked_div(&self, rhs: i32) -> Option<Self> {
        self.0.checked_div(rhs).map(Self)
    }
    pub fn abs(&self) -> Self {
        Self(self.0.abs())
    }
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }
}
// Skipped methods of `chrono::TimeDelta`:
// - `as_seconds_f64`: it returns `f64`, which no pool holds
// - `as_seconds_f32`: it returns `f32`, which no pool holds
// - `from_std`: parameter `duration` has type `Duration`, which no pool holds
// - `to_std`: it returns `Duration`, which no pool holds

// `chrono::Weekday`: no subject, because it has no public constructor the pools can call.

/// A collection of [`Weekday`]s stored as a single byte.
#[derive(Clone, Debug)]
pub struct WeekdaySet(pub chrono::WeekdaySet);

#[testspace::subject]
impl WeekdaySet {
    pub fn default() -> Self {
        Self(<chrono::WeekdaySet>::default())
    }
    pub fn is_subset(&self, other: Self) -> bool {
        self.0.clone().is_subset(other.0)
    }
    /// Harvested: consumes the object: the slot takes its result.
    pub fn intersection(&mut self, other: Self) {
        self.0 = self.0.clone().intersection(other.0);
    }
    /// Harvested: consumes the object: the slot takes its result.
    pub fn union(&mut self, other: Self) {
        self.0 = self.0.clone().union(other.0);
    }
    /// Harvested: consumes the object: the slot takes its result.
    pub fn symmetric_difference(&mut self, other: Self) {
        self.0 = self.0.clone().symmetric_difference(other.0);
    }
    /// Harvested: consumes the object: the slot takes its result.
    pub fn difference(&mut self, other: Self) {
        self.0 = self.0.clone().difference(other.0);
    }
    pub fn is_empty(&self) -> bool {
        self.0.clone().is_empty()
    }
    pub fn len(&self) -> u8 {
        self.0.clone().len()
    }
}
// Skipped methods of `chrono::WeekdaySet`:
// - `from_array`: it is generic over the constant `C`
// - `single`: parameter `weekday` has type `Weekday`, which no pool holds
// - `single_day`: it returns `Option<Weekday>`, which no pool holds
// - `insert`: parameter `day` has type `Weekday`, which no pool holds
// - `remove`: parameter `day` has type `Weekday`, which no pool holds
// - `first`: it returns `Option<Weekday>`, which no pool holds
// - `last`: it returns `Option<Weekday>`, which no pool holds
// - `iter`: parameter `start` has type `Weekday`, which no pool holds
// - `contains`: parameter `day` has type `Weekday`, which no pool holds

// `chrono::format::Colons`: no subject, because it has no public constructor the pools can call.

// `chrono::format::DelayedFormat`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `chrono::format::Fixed`: no subject, because it has no public constructor the pools can call.

// `chrono::format::InternalFixed`: no subject, because it has no public constructor the pools can call.

// `chrono::format::InternalNumeric`: no subject, because it has no public constructor the pools can call.

// `chrono::format::Item`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `chrono::format::Numeric`: no subject, because it has no public constructor the pools can call.

// `chrono::format::OffsetFormat`: no subject, because it has no public constructor the pools can call.

// `chrono::format::OffsetPrecision`: no subject, because it has no public constructor the pools can call.

// `chrono::format::Pad`: no subject, because it has no public constructor the pools can call.

// `chrono::format::ParseErrorKind`: no subject, because it has no public constructor the pools can call.

/// A type to hold parsed fields of date and time that can check all fields are consistent.
#[derive(Clone, Debug)]
pub struct Parsed(pub chrono::format::Parsed);

#[testspace::subject]
impl Parsed {
    pub fn new() -> Self {
        Self(<chrono::format::Parsed>::new())
    }
    pub fn default() -> Self {
        Self(<chrono::format::Parsed>::default())
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_year(&mut self, value: i64) {
        let _ = self.0.set_year(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_year_div_100(&mut self, value: i64) {
        let _ = self.0.set_year_div_100(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_year_mod_100(&mut self, value: i64) {
        let _ = self.0.set_year_mod_100(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_isoyear(&mut self, value: i64) {
        let _ = self.0.set_isoyear(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_isoyear_div_100(&mut self, value: i64) {
        let _ = self.0.set_isoyear_div_100(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_isoyear_mod_100(&mut self, value: i64) {
        let _ = self.0.set_isoyear_mod_100(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_quarter(&mut self, value: i64) {
        let _ = self.0.set_quarter(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_month(&mut self, value: i64) {
        let _ = self.0.set_month(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_week_from_sun(&mut self, value: i64) {
        let _ = self.0.set_week_from_sun(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_week_from_mon(&mut self, value: i64) {
        let _ = self.0.set_week_from_mon(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_isoweek(&mut self, value: i64) {
        let _ = self.0.set_isoweek(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_ordinal(&mut self, value: i64) {
        let _ = self.0.set_ordinal(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_day(&mut self, value: i64) {
        let _ = self.0.set_day(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_ampm(&mut self, value: bool) {
        let _ = self.0.set_ampm(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_hour12(&mut self, value: i64) {
        let _ = self.0.set_hour12(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_hour(&mut self, value: i64) {
        let _ = self.0.set_hour(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_minute(&mut self, value: i64) {
        let _ = self.0.set_minute(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_second(&mut self, value: i64) {
        let _ = self.0.set_second(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_nanosecond(&mut self, value: i64) {
        let _ = self.0.set_nanosecond(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_timestamp(&mut self, value: i64) {
        let _ = self.0.set_timestamp(value);
    }
    /// Harvested: result discarded: it returns `ParseResult<()>`, which no pool holds.
    pub fn set_offset(&mut self, value: i64) {
        let _ = self.0.set_offset(value);
    }
    pub fn year(&self) -> Option<i32> {
        self.0.year()
    }
    pub fn year_div_100(&self) -> Option<i32> {
        self.0.year_div_100()
    }
    pub fn year_mod_100(&self) -> Option<i32> {
        self.0.year_mod_100()
    }
    pub fn isoyear(&self) -> Option<i32> {
        self.0.isoyear()
    }
    pub fn isoyear_div_100(&self) -> Option<i32> {
        self.0.isoyear_div_100()
    }
    pub fn isoyear_mod_100(&self) -> Option<i32> {
        self.0.isoyear_mod_100()
    }
    pub fn quarter(&self) -> Option<u32> {
        self.0.quarter()
    }
    pub fn month(&self) -> Option<u32> {
        self.0.month()
    }
    pub fn week_from_sun(&self) -> Option<u32> {
        self.0.week_from_sun()
    }
    pub fn week_from_mon(&self) -> Option<u32> {
        self.0.week_from_mon()
    }
    pub fn isoweek(&self) -> Option<u32> {
        self.0.isoweek()
    }
    pub fn ordinal(&self) -> Option<u32> {
        self.0.ordinal()
    }
    pub fn day(&self) -> Option<u32> {
        self.0.day()
    }
    pub fn hour_div_12(&self) -> Option<u32> {
        self.0.hour_div_12()
    }
    pub fn hour_mod_12(&self) -> Option<u32> {
        self.0.hour_mod_12()
    }
    pub fn minute(&self) -> Option<u32> {
        self.0.minute()
    }
    pub fn second(&self) -> Option<u32> {
        self.0.second()
    }
    pub fn nanosecond(&self) -> Option<u32> {
        self.0.nanosecond()
    }
    pub fn timestamp(&self) -> Option<i64> {
        self.0.timestamp()
    }
    pub fn offset(&self) -> Option<i32> {
        self.0.offset()
    }
}
// Skipped methods of `chrono::format::Parsed`:
// - `set_weekday`: parameter `value` has type `Weekday`, which no pool holds
// - `to_naive_date`: it returns `ParseResult<NaiveDate>`, which no pool holds
// - `to_naive_time`: it returns `ParseResult<NaiveTime>`, which no pool holds
// - `to_naive_datetime_with_offset`: it returns `ParseResult<NaiveDateTime>`, which no pool holds
// - `to_fixed_offset`: it returns `ParseResult<FixedOffset>`, which no pool holds
// - `to_datetime`: it returns `ParseResult<DateTime<FixedOffset>>`, which no pool holds
// - `to_datetime_with_timezone`: it is generic over `Tz: TimeZone`
// - `weekday`: it returns `Option<Weekday>`, which no pool holds

// `chrono::format::SecondsFormat`: no subject, because it has no public constructor the pools can call.

// `chrono::format::StrftimeItems`: no subject, because it borrows data (lifetime parameter `'a`), which no pool holds.

// `chrono::naive::IsoWeek`: no subject, because it has no public constructor the pools can call.

/// ISO 8601 calendar date without timezone. Allows for every [proleptic Gregorian date] from Jan 1, 262145 BCE to Dec 31, 262143 CE. Also supports the conversion from ISO 8601 ordinal and week date.
#[derive(Clone, Debug)]
pub struct NaiveDate(pub chrono::naive::NaiveDate);

#[testspace::subject]
impl NaiveDate {
    pub fn from_ymd(year: i32, month: u32, day: u32) -> Self {
        Self(<chrono::naive::NaiveDate>::from_ymd(year, month, day))
    }
    pub fn from_ymd_opt(year: i32, month: u32, day: u32) -> Option<Self> {
        <chrono::naive::NaiveDate>::from_ymd_opt(year, month, day).map(Self)
    }
    pub fn from_yo(year: i32, ordinal: u32) -> Self {
        Self(<chrono::naive::NaiveDate>::from_yo(year, ordinal))
    }
    pub fn from_yo_opt(year: i32, ordinal: u32) -> Option<Self> {
        <chrono::naive::NaiveDate>::from_yo_opt(year, ordinal).map(Self)
    }
    pub fn from_num_days_from_ce(days: i32) -> Self {
        Self(<chrono::naive::NaiveDate>::from_num_days_from_ce(days))
    }
    pub fn from_num_days_from_ce_opt(days: i32) -> Option<Self> {
        <chrono::naive::NaiveDate>::from_num_days_from_ce_opt(days).map(Self)
    }
    pub fn from_epoch_days(days: i32) -> Option<Self> {
        <chrono::naive::NaiveDate>::from_epoch_days(days).map(Self)
    }
    pub fn default() -> Self {
        Self(<chrono::naive::NaiveDate>::default())
    }
    pub fn succ(&self) -> Self {
        Self(self.0.succ())
    }
    pub fn succ_opt(&self) -> Option<Self> {
        self.0.succ_opt().map(Self)
    }
    pub fn pred(&self) -> Self {
        Self(self.0.pred())
    }
    pub fn pred_opt(&self) -> Option<Self> {
        self.0.pred_opt().map(Self)
    }
    pub fn years_since(&self, base: Self) -> Option<u32> {
        self.0.years_since(base.0)
    }
    pub fn leap_year(&self) -> bool {
        self.0.leap_year()
    }
    pub fn to_epoch_days(&self) -> i32 {
        self.0.to_epoch_days()
    }
}
// Skipped methods of `chrono::naive::NaiveDate`:
// - `from_isoywd`: parameter `weekday` has type `Weekday`, which no pool holds
// - `from_isoywd_opt`: parameter `weekday` has type `Weekday`, which no pool holds
// - `from_weekday_of_month`: parameter `weekday` has type `Weekday`, which no pool holds
// - `from_weekday_of_month_opt`: parameter `weekday` has type `Weekday`, which no pool holds
// - `parse_from_str`: it returns `ParseResult<NaiveDate>`, which no pool holds
// - `parse_and_remainder`: it returns `ParseResult<(NaiveDate, &'a str)>`, which no pool holds
// - `checked_add_months`: parameter `months` has type `Months`, which no pool holds
// - `checked_sub_months`: parameter `months` has type `Months`, which no pool holds
// - `checked_add_days`: parameter `days` has type `Days`, which no pool holds
// - `checked_sub_days`: parameter `days` has type `Days`, which no pool holds
// - `and_time`: parameter `time` has type `NaiveTime`, which no pool holds
// - `and_hms`: it returns `NaiveDateTime`, which no pool holds
// - `and_hms_opt`: it returns `Option<NaiveDateTime>`, which no pool holds
// - `and_hms_milli`: it returns `NaiveDateTime`, which no pool holds
// - `and_hms_milli_opt`: it returns `Option<NaiveDateTime>`, which no pool holds
// - `and_hms_micro`: it returns `NaiveDateTime`, which no pool holds
// - `and_hms_micro_opt`: it returns `Option<NaiveDateTime>`, which no pool holds
// - `and_hms_nano`: it returns `NaiveDateTime`, which no pool holds
// - `and_hms_nano_opt`: it returns `Option<NaiveDateTime>`, which no pool holds
// - `checked_add_signed`: parameter `rhs` has type `TimeDelta`, which no pool holds
// - `checked_sub_signed`: parameter `rhs` has type `TimeDelta`, which no pool holds
// - `signed_duration_since`: it returns `TimeDelta`, which no pool holds
// - `abs_diff`: it returns `Days`, which no pool holds
// - `format_with_items`: it is generic over `I`
// - `format`: it returns `DelayedFormat<StrftimeItems<'a>>`, which no pool holds
// - `format_localized_with_items`: it is generic over `I`
// - `format_localized`: parameter `locale` has type `Locale`, which no pool holds
// - `iter_days`: it returns `NaiveDateDaysIterator`, which no pool holds
// - `iter_weeks`: it returns `NaiveDateWeeksIterator`, which no pool holds
// - `week`: parameter `start` has type `Weekday`, which no pool holds

// `chrono::naive::NaiveDateDaysIterator`: no subject, because it has no public constructor the pools can call.

/// ISO 8601 combined date and time without timezone.
#[derive(Clone, Debug)]
pub struct NaiveDateTime(pub chrono::naive::NaiveDateTime);

#[testspace::subject]
impl NaiveDateTime {
    pub fn from_timestamp(secs: i64, nsecs: u32) -> Self {
        Self(<chrono::naive::NaiveDateTime>::from_timestamp(secs, nsecs))
    }
    pub fn from_timestamp_millis(millis: i64) -> Option<Self> {
        <chrono::naive::NaiveDateTime>::from_timestamp_millis(millis).map(Self)
    }
    pub fn from_timestamp_micros(micros: i64) -> Option<Self> {
        <chrono::naive::NaiveDateTime>::from_timestamp_micros(micros).map(Self)
    }
    pub fn from_timestamp_nanos(nanos: i64) -> Option<Self> {
        <chrono::naive::NaiveDateTime>::from_timestamp_nanos(nanos).map(Self)
    }
    pub fn from_timestamp_opt(secs: i64, nsecs: u32) -> Option<Self> {
        <chrono::naive::NaiveDateTime>::from_timestamp_opt(secs, nsecs).map(Self)
    }
    pub fn default() -> Self {
        Self(<chrono::naive::NaiveDateTime>::default())
    }
    pub fn timestamp(&self) -> i64 {
        self.0.timestamp()
    }
    pub fn timestamp_millis(&self) -> i64 {
        self.0.timestamp_millis()
    }
    pub fn timestamp_micros(&self) -> i64 {
        self.0.timestamp_micros()
    }
    pub fn timestamp_nanos(&self) -> i64 {
        self.0.timestamp_nanos()
    }
    pub fn timestamp_nanos_opt(&self) -> Option<i64> {
        self.0.timestamp_nanos_opt()
    }
    pub fn timestamp_subsec_millis(&self) -> u32 {
        self.0.timestamp_subsec_millis()
    }
    pub fn timestamp_subsec_micros(&self) -> u32 {
        self.0.timestamp_subsec_micros()
    }
    pub fn timestamp_subsec_nanos(&self) -> u32 {
        self.0.timestamp_subsec_nanos()
    }
}
// Skipped methods of `chrono::naive::NaiveDateTime`:
// - `new`: parameter `date` has type `NaiveDate`, which no pool holds
// - `parse_from_str`: it returns `ParseResult<NaiveDateTime>`, which no pool holds
// - `parse_and_remainder`: it returns `ParseResult<(NaiveDateTime, &'a str)>`, which no pool holds
// - `date`: it returns `NaiveDate`, which no pool holds
// - `time`: it returns `NaiveTime`, which no pool holds
// - `checked_add_signed`: parameter `rhs` has type `TimeDelta`, which no pool holds
// - `checked_add_months`: parameter `rhs` has type `Months`, which no pool holds
// - `checked_add_offset`: parameter `rhs` has type `FixedOffset`, which no pool holds
// - `checked_sub_offset`: parameter `rhs` has type `FixedOffset`, which no pool holds
// - `checked_sub_signed`: parameter `rhs` has type `TimeDelta`, which no pool holds
// - `checked_sub_months`: parameter `rhs` has type `Months`, which no pool holds
// - `checked_add_days`: parameter `days` has type `Days`, which no pool holds
// - `checked_sub_days`: parameter `days` has type `Days`, which no pool holds
// - `signed_duration_since`: it returns `TimeDelta`, which no pool holds
// - `format_with_items`: it is generic over `I`
// - `format`: it returns `DelayedFormat<StrftimeItems<'a>>`, which no pool holds
// - `and_local_timezone`: it is generic over `Tz: TimeZone`
// - `and_utc`: it returns `DateTime<Utc>`, which no pool holds

// `chrono::naive::NaiveDateWeeksIterator`: no subject, because it has no public constructor the pools can call.

// `chrono::naive::NaiveTime`: no subject, because it has 0 usable methods besides its constructors, fewer than 3.

// `chrono::naive::__BenchYearFlags`: no subject, because it has 0 usable methods besides its constructors, fewer than 3.

// `chrono::offset::FixedOffset`: no subject, because it has 2 usable methods besides its constructors, fewer than 3.

// `chrono::offset::Local`: no subject, because it has no public constructor the pools can call.

// `chrono::offset::Utc`: no subject, because it has no public constructor the pools can call.

// `chrono::serde::MicroSecondsTimestampVisitor`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `chrono::serde::MilliSecondsTimestampVisitor`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `chrono::serde::NanoSecondsTimestampVisitor`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

// `chrono::serde::SecondsTimestampVisitor`: no subject, because it is not `Clone` (object arguments are snapshots of pool slots).

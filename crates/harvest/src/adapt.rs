//! From a public type to a plan of its wrapper subject: the instantiation of its generic
//! parameters with pool types, and per public method either how the wrapper calls it or why
//! it cannot.
//!
//! The wrapper is a newtype over the instantiated type, and its methods take and return
//! what the value pools hold (`#[testspace::subject]`'s "Supported signatures",
//! docs/own-crate.md): integers, `bool`, `String`/`&str`/`char` (each also in an `Option`,
//! but `bool`), and the subject itself. A crate's signature is adapted to that where the
//! adaptation is a plain conversion: a reference to a pool value is taken from an owned one
//! (`&i32`, `&String`), a reference in a result is copied or cloned out (`Option<&V>`
//! becomes `Option<i32>`), the crate's type becomes the wrapper (`Self`), a `Result`'s error
//! is kept, named by its public path. A method whose result nothing holds is kept where it
//! changes the object (`&mut self`, the result discarded) and skipped where it does not.
//! The plan is a proposal: the caller compiles it, and a person may edit the files.

use std::collections::BTreeMap;

use quote::ToTokens;
use syn::visit_mut::VisitMut;
use syn::{FnArg, GenericArgument, GenericParam, ImplItemFn, PathArguments, ReturnType, Type};

use crate::api::{CrateApi, InherentImpl, PublicType, TypeAlias, last_segment};
use crate::emit::Placement;

/// What each generic parameter of a type is instantiated with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Instantiation {
    /// Parameter name → the type or const value written in its place, in declaration order;
    /// parameters with a default keep it and are not listed.
    pub arguments: Vec<(String, String)>,
}

impl Instantiation {
    /// The default instantiation of `ty`'s parameters: `i32` for every type parameter
    /// without a default, `8` for every const parameter without one (a small inline
    /// capacity); `Err` for a lifetime parameter (the type borrows data no pool holds).
    pub fn default_for(ty: &PublicType) -> Result<Self, String> {
        let mut arguments = Vec::new();
        for param in &ty.generics.params {
            match param {
                GenericParam::Lifetime(l) => {
                    return Err(format!(
                        "it borrows data (lifetime parameter `{}`), which no pool holds",
                        l.lifetime
                    ));
                }
                GenericParam::Type(t) if t.default.is_none() => {
                    arguments.push((t.ident.to_string(), "i32".to_string()));
                }
                GenericParam::Const(c) if c.default.is_none() => {
                    arguments.push((c.ident.to_string(), "8".to_string()));
                }
                _ => {}
            }
        }
        Ok(Instantiation { arguments })
    }

    /// `<i32, i32>`, or nothing for a type without parameters to fill.
    pub fn turbofish_arguments(&self) -> String {
        if self.arguments.is_empty() {
            return String::new();
        }
        let list: Vec<&str> = self.arguments.iter().map(|(_, v)| v.as_str()).collect();
        format!("<{}>", list.join(", "))
    }
}

/// How the wrapper calls one method.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodPlan {
    /// The method's name (the wrapper's method has the same).
    pub name: String,
    /// The wrapper's receiver: `""` (a constructor), `"&self"` or `"&mut self"`.
    pub receiver: &'static str,
    /// The wrapper's parameters: name and type.
    pub parameters: Vec<(String, String)>,
    /// The wrapper's return type (`None`: `()`).
    pub returns: Option<String>,
    /// The wrapper's body, one expression or statement.
    pub body: String,
    /// What the adaptation gave up, if anything (a discarded result).
    pub note: Option<String>,
}

/// A method the wrapper leaves out, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// The method's name.
    pub method: String,
    /// Why.
    pub reason: String,
}

/// The wrapper subject of one public type.
#[derive(Clone, Debug)]
pub struct TypePlan {
    /// The wrapper's name: the type's, with `OfInts` where its parameters were filled.
    pub wrapper: String,
    /// The crate's type, instantiated, as the wrapper names it (`rangemap::RangeMap<i32, i32>`).
    pub target: String,
    /// The type's own public path, uninstantiated (`rangemap::RangeMap`).
    pub path: String,
    /// The instantiation used.
    pub instantiation: Instantiation,
    /// The methods the wrapper calls, constructors first, in source order.
    pub methods: Vec<MethodPlan>,
    /// The methods left out.
    pub skipped: Vec<Skipped>,
    /// The type's doc summary.
    pub summary: String,
    /// Why no subject can be made of the type (`None`: it can).
    pub refused: Option<String>,
}

impl TypePlan {
    /// Whether the plan is a crate's free functions ([`plan_functions`]), not a type.
    pub fn is_functions(&self) -> bool {
        self.target == "()"
    }

    /// The constructors among the methods.
    pub fn constructors(&self) -> usize {
        self.methods
            .iter()
            .filter(|m| m.receiver.is_empty())
            .count()
    }
}

/// A subject needs at least this many usable methods besides its constructors.
pub const MIN_METHODS: usize = 3;

/// Plans the wrapper of `ty`, a type of `api`, in the crate whose identifier is `krate`
/// (`rangemap`), with `instantiation` (or the default one).
pub fn plan_type(
    api: &CrateApi,
    krate: &str,
    ty: &PublicType,
    instantiation: Option<Instantiation>,
) -> TypePlan {
    let path = format!("{krate}::{}", ty.public_path.join("::"));
    let instantiation = match instantiation.map_or_else(|| Instantiation::default_for(ty), Ok) {
        Ok(i) => i,
        Err(reason) => return refused(ty, path, reason),
    };
    let generic = !instantiation.arguments.is_empty();
    let target = format!("{path}{}", instantiation.turbofish_arguments());
    let mut plan = TypePlan {
        wrapper: format!(
            "{}{}",
            ty.public_path.last().unwrap(),
            if generic { "OfInts" } else { "" }
        ),
        target,
        path,
        instantiation,
        methods: Vec::new(),
        skipped: Vec::new(),
        summary: ty.summary.clone(),
        refused: None,
    };
    let context = Adapter {
        api,
        krate,
        ty: Some(ty),
        plan: &plan,
    };
    let mut methods = Vec::new();
    let mut skipped = Vec::new();
    for block in &ty.impls {
        let substitution = match context.impl_substitution(ty, block) {
            Ok(s) => s,
            Err(reason) => {
                for m in block.methods.iter().filter(|m| is_pub(m)) {
                    skipped.push(Skipped {
                        method: m.sig.ident.to_string(),
                        reason: reason.clone(),
                    });
                }
                continue;
            }
        };
        for method in block.methods.iter().filter(|m| is_pub(m)) {
            match context.method(method, &substitution) {
                Ok(m) => methods.push(m),
                Err(reason) => skipped.push(Skipped {
                    method: method.sig.ident.to_string(),
                    reason,
                }),
            }
        }
    }
    if ty.traits.contains("Default") && !methods.iter().any(|m: &MethodPlan| m.name == "default") {
        methods.push(MethodPlan {
            name: "default".to_string(),
            receiver: "",
            parameters: Vec::new(),
            returns: Some("Self".to_string()),
            body: format!("Self(<{}>::default())", plan.target),
            note: None,
        });
    }
    methods.sort_by_key(|m| !m.receiver.is_empty());
    plan.methods = methods;
    plan.skipped = skipped;
    plan.refused = type_refusal(ty, &plan);
    plan
}

fn refused(ty: &PublicType, path: String, reason: String) -> TypePlan {
    TypePlan {
        wrapper: ty.name.clone(),
        target: path.clone(),
        path,
        instantiation: Instantiation::default(),
        methods: Vec::new(),
        skipped: Vec::new(),
        summary: ty.summary.clone(),
        refused: Some(reason),
    }
}

/// Why `ty` cannot be a subject even with `plan`'s methods.
fn type_refusal(ty: &PublicType, plan: &TypePlan) -> Option<String> {
    if !ty.traits.contains("Clone") {
        return Some(
            "it is not `Clone` (object arguments are snapshots of pool slots)".to_string(),
        );
    }
    if !ty.traits.contains("Debug") {
        return Some(
            "it is not `Debug` (the pools show objects as `{:?}` renders them)".to_string(),
        );
    }
    method_refusal(plan)
}

/// Why `plan`'s methods are too few for a subject.
fn method_refusal(plan: &TypePlan) -> Option<String> {
    if plan.constructors() == 0 {
        return Some("it has no public constructor the pools can call".to_string());
    }
    let usable = plan.methods.len() - plan.constructors();
    if usable < MIN_METHODS {
        return Some(format!(
            "it has {usable} usable method{} besides its constructors, fewer than {MIN_METHODS}",
            if usable == 1 { "" } else { "s" }
        ));
    }
    None
}

/// A compile check's error: the line of its primary span in the check file, and its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// 1-based line in the file [`check_file`](crate::emit::check_file) wrote.
    pub line: usize,
    /// The compiler's message.
    pub message: String,
}

/// Applies a compile check's errors to `plans`: a method whose lines hold an error is
/// skipped with it; a wrapper whose declaration holds one is refused with it; a plan left
/// with too few methods is refused. Returns the errors no wrapper holds (the crate's own,
/// or the file's), in order.
pub fn prune(
    plans: &mut [TypePlan],
    placements: &[Placement],
    errors: &[CheckError],
) -> Vec<CheckError> {
    let mut unplaced = Vec::new();
    let mut dropped: BTreeMap<(usize, usize), &str> = BTreeMap::new();
    for error in errors {
        let Some(place) = placements
            .iter()
            .find(|p| (p.first..=p.last).contains(&error.line))
        else {
            unplaced.push(error.clone());
            continue;
        };
        match place.method {
            Some(method) => {
                dropped
                    .entry((place.plan, method))
                    .or_insert(&error.message);
            }
            None => {
                let plan = &mut plans[place.plan];
                if plan.refused.is_none() {
                    plan.refused = Some(format!("its wrapper does not compile: {}", error.message));
                }
            }
        }
    }
    for ((index, method), message) in dropped.into_iter().rev() {
        let plan = &mut plans[index];
        let removed = plan.methods.remove(method);
        let filled = plan
            .instantiation
            .arguments
            .iter()
            .map(|(name, value)| format!("{name} = {value}"))
            .collect::<Vec<_>>()
            .join(", ");
        let with = if filled.is_empty() {
            String::new()
        } else {
            format!(" with {filled}")
        };
        plan.skipped.push(Skipped {
            method: removed.name,
            reason: format!("it does not compile{with}: {message}"),
        });
        if plan.refused.is_none() {
            plan.refused = method_refusal(plan);
        }
    }
    unplaced
}

fn is_pub(method: &ImplItemFn) -> bool {
    matches!(method.vis, syn::Visibility::Public(_))
}

/// Replaces the crate's type aliases by what they stand for (`Result<V>` by
/// `std::result::Result<V, Error>`), then type parameters by name (and `Self` by the
/// instantiated type).
struct Substitute<'a> {
    types: &'a BTreeMap<String, Type>,
    aliases: &'a BTreeMap<String, TypeAlias>,
    /// Aliases expanded so far (a bound on nesting).
    expanded: usize,
}

/// Aliases expanded in one signature at most.
const MAX_ALIAS_EXPANSIONS: usize = 32;

impl Substitute<'_> {
    /// The type `ty` stands for when it names one of the crate's aliases with as many type
    /// arguments as the alias takes, its defaults filled in (`Result<V>` for `type
    /// Result<T> = …`, not std's `Result<V, E>`).
    fn expand(&self, ty: &Type) -> Option<Type> {
        let Type::Path(p) = ty else { return None };
        if p.qself.is_some() {
            return None;
        }
        // A path into the standard library (`std::result::Result`) names no alias of the
        // crate; a path through its modules (`error::Result<T>`) may.
        let first = p.path.segments.first()?.ident.to_string();
        if p.path.leading_colon.is_some()
            || (p.path.segments.len() > 1 && ["std", "core", "alloc"].contains(&first.as_str()))
        {
            return None;
        }
        let last = p.path.segments.last()?;
        let alias = self.aliases.get(&last.ident.to_string())?;
        let arguments: Vec<&Type> = match &last.arguments {
            PathArguments::None => Vec::new(),
            PathArguments::AngleBracketed(a) => a
                .args
                .iter()
                .filter_map(|a| match a {
                    GenericArgument::Type(t) => Some(t),
                    _ => None,
                })
                .collect(),
            PathArguments::Parenthesized(_) => return None,
        };
        let required = alias.parameters.iter().filter(|(_, d)| d.is_none()).count();
        if arguments.len() < required || arguments.len() > alias.parameters.len() {
            return None;
        }
        let parameters: BTreeMap<String, Type> = alias
            .parameters
            .iter()
            .enumerate()
            .map(|(i, (name, default))| {
                let value = arguments
                    .get(i)
                    .copied()
                    .cloned()
                    .or_else(|| default.clone());
                Some((name.clone(), value?))
            })
            .collect::<Option<_>>()?;
        let mut aliased = alias.aliased.clone();
        Substitute {
            types: &parameters,
            aliases: &BTreeMap::new(),
            expanded: 0,
        }
        .visit_type_mut(&mut aliased);
        Some(aliased)
    }
}

impl VisitMut for Substitute<'_> {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        if self.expanded < MAX_ALIAS_EXPANSIONS
            && let Some(aliased) = self.expand(ty)
        {
            self.expanded += 1;
            *ty = aliased;
            self.visit_type_mut(ty);
            return;
        }
        if let Type::Path(p) = ty
            && p.qself.is_none()
            && p.path.segments.len() == 1
            && p.path.segments[0].arguments.is_empty()
            && let Some(replacement) = self.types.get(&p.path.segments[0].ident.to_string())
        {
            *ty = replacement.clone();
            return;
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}

struct Adapter<'a> {
    api: &'a CrateApi,
    krate: &'a str,
    /// The type whose wrapper is planned (`None`: the crate's free functions).
    ty: Option<&'a PublicType>,
    plan: &'a TypePlan,
}

/// A parameter's or result's shape after substitution.
enum Pool {
    /// An integer type, `bool` or `char` (copied).
    Copy(String),
    /// `String`.
    String,
    /// `str` (behind a reference).
    Str,
    /// The crate's type itself.
    Subject,
}

impl Adapter<'_> {
    /// The impl's parameters in terms of the instantiation (`Err`: the impl is for other
    /// arguments than the instantiation's, as `impl Foo<u8>`).
    fn impl_substitution(
        &self,
        ty: &PublicType,
        block: &InherentImpl,
    ) -> Result<BTreeMap<String, Type>, String> {
        let mut types = BTreeMap::new();
        let arguments = generic_arguments(&block.self_ty);
        let declared: Vec<&GenericParam> = ty
            .generics
            .params
            .iter()
            .filter(|p| !matches!(p, GenericParam::Lifetime(_)))
            .collect();
        let impl_params: Vec<String> = block
            .generics
            .params
            .iter()
            .filter_map(|p| match p {
                GenericParam::Type(t) => Some(t.ident.to_string()),
                GenericParam::Const(c) => Some(c.ident.to_string()),
                GenericParam::Lifetime(_) => None,
            })
            .collect();
        for (position, argument) in arguments.iter().enumerate() {
            let Some(param) = declared.get(position) else {
                break;
            };
            let name = match param {
                GenericParam::Type(t) => t.ident.to_string(),
                GenericParam::Const(c) => c.ident.to_string(),
                GenericParam::Lifetime(_) => unreachable!(),
            };
            let Some((_, value)) = self
                .plan
                .instantiation
                .arguments
                .iter()
                .find(|(n, _)| *n == name)
            else {
                continue;
            };
            let written = argument.to_token_stream().to_string();
            if impl_params.contains(&written) {
                // A const parameter is left as written (see `is_subject`).
                if let Ok(ty) = syn::parse_str::<Type>(value) {
                    types.insert(written, ty);
                }
            } else if normalise(&written) != normalise(value) {
                return Err(format!(
                    "it is in an impl for `{}` only",
                    written_type(&block.self_ty)
                ));
            }
        }
        types.insert(
            "Self".to_string(),
            syn::parse_str::<Type>(&self.plan.target).map_err(|e| e.to_string())?,
        );
        Ok(types)
    }

    /// The plan of one public method, or why it is skipped.
    fn method(
        &self,
        method: &ImplItemFn,
        impl_types: &BTreeMap<String, Type>,
    ) -> Result<MethodPlan, String> {
        let name = method.sig.ident.to_string();
        let (
            Inputs {
                receiver,
                parameters,
                arguments,
            },
            output,
        ) = self.signature(&method.sig, impl_types)?;
        let call_arguments = arguments.join(", ");
        let Some(receiver) = receiver else {
            return self.constructor(&name, parameters, &call_arguments, &output);
        };
        let (returns, transform) = match self.result(&output) {
            Ok(mapped) => mapped,
            Err(reason) if receiver == Receiver::Mutable => {
                let body = format!("let _ = self.0.{name}({call_arguments});");
                return Ok(MethodPlan {
                    name,
                    receiver: "&mut self",
                    parameters,
                    returns: None,
                    body,
                    note: Some(format!("result discarded: {reason}")),
                });
            }
            Err(reason) => return Err(reason),
        };
        let (wrapper_receiver, call) = match receiver {
            Receiver::Shared => ("&self", format!("self.0.{name}({call_arguments})")),
            Receiver::Mutable => ("&mut self", format!("self.0.{name}({call_arguments})")),
            Receiver::Owned if returns.as_deref() == Some("Self") => {
                // A consuming builder: the object becomes what it returns.
                return Ok(MethodPlan {
                    name: name.clone(),
                    receiver: "&mut self",
                    parameters,
                    returns: None,
                    body: format!("self.0 = self.0.clone().{name}({call_arguments});"),
                    note: Some("consumes the object: the slot takes its result".to_string()),
                });
            }
            Receiver::Owned => ("&self", format!("self.0.clone().{name}({call_arguments})")),
        };
        Ok(MethodPlan {
            name,
            receiver: wrapper_receiver,
            parameters,
            body: transform.replace("{}", &call),
            returns,
            note: None,
        })
    }

    /// A signature's inputs (see [`Adapter::inputs`]) and its result type, with the impl's
    /// and the signature's type parameters substituted.
    fn signature(
        &self,
        sig: &syn::Signature,
        impl_types: &BTreeMap<String, Type>,
    ) -> Result<(Inputs, ReturnType), String> {
        let types = signature_types(sig, impl_types)?;
        let mut substitute = Substitute {
            types: &types,
            aliases: &self.api.aliases,
            expanded: 0,
        };
        let inputs = self.inputs(sig, &mut substitute)?;
        let mut output = sig.output.clone();
        if let ReturnType::Type(_, ty) = &mut output {
            substitute.visit_type_mut(ty);
        }
        Ok((inputs, output))
    }

    /// A method's receiver, and its other parameters as the wrapper's with the arguments
    /// passed on.
    fn inputs(
        &self,
        sig: &syn::Signature,
        substitute: &mut Substitute<'_>,
    ) -> Result<Inputs, String> {
        let mut inputs = Inputs {
            receiver: None,
            parameters: Vec::new(),
            arguments: Vec::new(),
        };
        for (position, input) in sig.inputs.iter().enumerate() {
            match input {
                FnArg::Receiver(r) => {
                    if r.colon_token.is_some() {
                        return Err(format!("its receiver is `{}`", written_type(&r.ty)));
                    }
                    inputs.receiver = Some(match (&r.reference, &r.mutability) {
                        (Some(_), Some(_)) => Receiver::Mutable,
                        (Some(_), None) => Receiver::Shared,
                        (None, _) => Receiver::Owned,
                    });
                }
                FnArg::Typed(typed) => {
                    let name = match &*typed.pat {
                        syn::Pat::Ident(i) => i.ident.to_string(),
                        _ => format!("arg{position}"),
                    };
                    let mut ty = (*typed.ty).clone();
                    substitute.visit_type_mut(&mut ty);
                    if let Some((bounds, argument)) = self.range_parameter(&ty, &name) {
                        inputs.parameters.extend(bounds);
                        inputs.arguments.push(argument);
                        continue;
                    }
                    let (wrapper_ty, argument) = self.parameter(&ty, &name)?;
                    inputs.parameters.push((name, wrapper_ty));
                    inputs.arguments.push(argument);
                }
            }
        }
        Ok(inputs)
    }

    fn constructor(
        &self,
        name: &str,
        parameters: Vec<(String, String)>,
        call_arguments: &str,
        output: &ReturnType,
    ) -> Result<MethodPlan, String> {
        let (returns, transform) = self.result(output)?;
        let constructs = matches!(returns.as_deref(), Some("Self" | "Option<Self>"))
            || returns
                .as_deref()
                .is_some_and(|r| r.starts_with("Result<Self,"));
        if !constructs {
            return Err(format!(
                "an associated function that returns no `{}`",
                self.ty.map_or("Self", |t| t.name.as_str())
            ));
        }
        let call = format!("<{}>::{name}({call_arguments})", self.plan.target);
        Ok(MethodPlan {
            name: name.to_string(),
            receiver: "",
            parameters,
            returns,
            body: transform.replace("{}", &call),
            note: None,
        })
    }

    /// Whether `ty` is the crate's type as instantiated (`Self`, `Slab<i32>`,
    /// `crate::Slab<i32>`, `store::Slab<i32>`).
    fn is_subject(&self, ty: &Type) -> bool {
        let Some(subject) = self.ty else {
            return false;
        };
        if is_self_ident(ty) {
            return true;
        }
        let Type::Path(p) = ty else { return false };
        let Some(last) = p.path.segments.last() else {
            return false;
        };
        if p.qself.is_some() || last.ident != subject.name {
            return false;
        }
        let arguments: Vec<String> = generic_arguments(ty)
            .iter()
            .map(|a| normalise(&a.to_token_stream().to_string()))
            .collect();
        let instantiated: Vec<String> = self
            .plan
            .instantiation
            .arguments
            .iter()
            .map(|(_, v)| normalise(v))
            .collect();
        // A const parameter stays as written in the impl's signatures (`ArrayVec<T, CAP>`):
        // it matches whatever the instantiation gave it.
        arguments.len() == instantiated.len()
            && arguments
                .iter()
                .zip(&instantiated)
                .all(|(written, value)| written == value || value.parse::<i128>().is_ok())
    }

    /// The pool shape of `ty`, if it has one.
    fn pool(&self, ty: &Type) -> Option<Pool> {
        if self.is_subject(ty) {
            return Some(Pool::Subject);
        }
        let text = normalise(&ty.to_token_stream().to_string());
        match text.as_str() {
            "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64"
            | "u128" | "usize" | "bool" | "char" => Some(Pool::Copy(text)),
            "String" | "std::string::String" | "alloc::string::String" => Some(Pool::String),
            "str" => Some(Pool::Str),
            _ => None,
        }
    }

    /// A range of integers (`Range<i32>`, `RangeInclusive<i32>`, or a reference to one) as
    /// two integer parameters, `NAME_start` and `NAME_end`, and the range built from them.
    fn range_parameter(&self, ty: &Type, name: &str) -> Option<(Vec<(String, String)>, String)> {
        let (inner, borrowed) = match ty {
            Type::Reference(r) if r.mutability.is_none() => (&*r.elem, true),
            other => (other, false),
        };
        let (operator, element) = ["Range", "RangeInclusive"].iter().find_map(|kind| {
            let arguments = single_generic(inner, kind)?;
            let [element] = arguments.as_slice() else {
                return None;
            };
            Some((if *kind == "Range" { ".." } else { "..=" }, *element))
        })?;
        let Some(Pool::Copy(element)) = self.pool(element) else {
            return None;
        };
        if element == "bool" || element == "char" {
            return None;
        }
        let (start, end) = (format!("{name}_start"), format!("{name}_end"));
        let range = format!("{start}{operator}{end}");
        let argument = if borrowed {
            format!("&({range})")
        } else {
            range
        };
        Some((vec![(start, element.clone()), (end, element)], argument))
    }

    /// A parameter's wrapper type and the argument expression passed on.
    fn parameter(&self, ty: &Type, name: &str) -> Result<(String, String), String> {
        let refuse = || {
            format!(
                "parameter `{name}` has type `{}`, which no pool holds",
                written_type(ty)
            )
        };
        if let Some(inner) = option_of(ty) {
            let (inner_ty, inner_argument) = match inner {
                Type::Reference(r) if r.mutability.is_none() => match self.pool(&r.elem) {
                    Some(Pool::Str) => ("&str".to_string(), name.to_string()),
                    Some(Pool::Subject) => ("&Self".to_string(), format!("{name}.map(|o| &o.0)")),
                    Some(Pool::Copy(t)) if t != "bool" => (t, format!("{name}.as_ref()")),
                    Some(Pool::String) => ("String".to_string(), format!("{name}.as_ref()")),
                    _ => return Err(refuse()),
                },
                other => match self.pool(other) {
                    Some(Pool::Copy(t)) if t != "bool" => (t, name.to_string()),
                    Some(Pool::String) => ("String".to_string(), name.to_string()),
                    Some(Pool::Subject) => ("Self".to_string(), format!("{name}.map(|o| o.0)")),
                    _ => return Err(refuse()),
                },
            };
            return Ok((format!("Option<{inner_ty}>"), inner_argument));
        }
        match ty {
            Type::Reference(r) if r.mutability.is_some() => Err(format!(
                "parameter `{name}` has type `{}`: a change through it would be lost",
                written_type(ty)
            )),
            Type::Reference(r) => match self.pool(&r.elem) {
                Some(Pool::Str) => Ok(("&str".to_string(), name.to_string())),
                Some(Pool::Subject) => Ok(("&Self".to_string(), format!("&{name}.0"))),
                Some(Pool::Copy(t)) => Ok((t, format!("&{name}"))),
                Some(Pool::String) => Ok(("String".to_string(), format!("&{name}"))),
                None => Err(refuse()),
            },
            Type::ImplTrait(_) => Err(format!("parameter `{name}` is an `impl Trait`")),
            other => match self.pool(other) {
                Some(Pool::Copy(t)) => Ok((t, name.to_string())),
                Some(Pool::String) => Ok(("String".to_string(), name.to_string())),
                Some(Pool::Subject) => Ok(("Self".to_string(), format!("{name}.0"))),
                Some(Pool::Str) | None => Err(refuse()),
            },
        }
    }

    /// A result's wrapper type (`None`: `()`) and a template turning the call (`{}`) into
    /// the wrapper's value.
    fn result(&self, output: &ReturnType) -> Result<(Option<String>, String), String> {
        let ty = match output {
            ReturnType::Default => return Ok((None, "{};".to_string())),
            ReturnType::Type(_, ty) => &**ty,
        };
        if is_unit(ty) {
            return Ok((None, "{};".to_string()));
        }
        if let Some((ok, error)) = result_of(ty) {
            let error_path = self.error_path(error)?;
            let (ok_ty, ok_template) = if is_unit(ok) {
                (Some("()".to_string()), "{}".to_string())
            } else {
                match self.value(ok)? {
                    (Some(t), template) => (Some(t), template),
                    (None, _) => return Err(format!("it returns `{}`", written_type(ty))),
                }
            };
            let ok_ty = ok_ty.unwrap_or_default();
            let map = if ok_template == "{}" {
                "{}".to_string()
            } else {
                format!("{{}}.map(|value| {})", ok_template.replace("{}", "value"))
            };
            return Ok((Some(format!("Result<{ok_ty}, {error_path}>")), map));
        }
        match self.value(ty)? {
            (None, _) => Ok((None, "{};".to_string())),
            (Some(t), template) => Ok((Some(t), template)),
        }
    }

    /// A value's wrapper type and conversion template (`None`: returned for chaining only).
    fn value(&self, ty: &Type) -> Result<(Option<String>, String), String> {
        let refuse = || format!("it returns `{}`, which no pool holds", written_type(ty));
        if let Some(inner) = option_of(ty) {
            return match inner {
                Type::Reference(r) => match self.pool(&r.elem) {
                    Some(Pool::Copy(t)) if t != "bool" => {
                        Ok((Some(format!("Option<{t}>")), "{}.copied()".to_string()))
                    }
                    Some(Pool::Str) => Ok((
                        Some("Option<String>".to_string()),
                        "{}.map(|text| text.to_string())".to_string(),
                    )),
                    Some(Pool::String) => Ok((
                        Some("Option<String>".to_string()),
                        "{}.cloned()".to_string(),
                    )),
                    Some(Pool::Subject) => Ok((
                        Some("Option<Self>".to_string()),
                        "{}.cloned().map(Self)".to_string(),
                    )),
                    _ => Err(refuse()),
                },
                other => match self.pool(other) {
                    Some(Pool::Copy(t)) if t != "bool" => {
                        Ok((Some(format!("Option<{t}>")), "{}".to_string()))
                    }
                    Some(Pool::String) => {
                        Ok((Some("Option<String>".to_string()), "{}".to_string()))
                    }
                    Some(Pool::Subject) => {
                        Ok((Some("Option<Self>".to_string()), "{}.map(Self)".to_string()))
                    }
                    _ => Err(refuse()),
                },
            };
        }
        // `Cow<str>`, as text functions return: the text, owned.
        if let Some([inner]) = single_generic(ty, "Cow").as_deref()
            && matches!(self.pool(inner), Some(Pool::Str))
        {
            return Ok((Some("String".to_string()), "{}.into_owned()".to_string()));
        }
        match ty {
            Type::Reference(r) => match self.pool(&r.elem) {
                Some(Pool::Copy(t)) => Ok((Some(t), "*{}".to_string())),
                Some(Pool::Str) => Ok((Some("String".to_string()), "{}.to_string()".to_string())),
                Some(Pool::String) => Ok((Some("String".to_string()), "{}.clone()".to_string())),
                // `&Self` / `&mut Self`: returned for chaining.
                Some(Pool::Subject) => Ok((None, "{};".to_string())),
                None => Err(refuse()),
            },
            other => match self.pool(other) {
                Some(Pool::Copy(t)) => Ok((Some(t), "{}".to_string())),
                Some(Pool::String) => Ok((Some("String".to_string()), "{}".to_string())),
                Some(Pool::Subject) => Ok((Some("Self".to_string()), "Self({})".to_string())),
                Some(Pool::Str) | None => Err(refuse()),
            },
        }
    }

    /// The public path of a `Result`'s error type, as the wrapper names it.
    fn error_path(&self, error: &Type) -> Result<String, String> {
        let written = normalise(&error.to_token_stream().to_string());
        if ["std::", "core::", "alloc::"]
            .iter()
            .any(|p| written.starts_with(p))
        {
            return Ok(written);
        }
        let Some(name) = last_segment(error) else {
            return Err(format!("its error type `{written}` has no name"));
        };
        if generic_arguments(error).iter().any(|_| true) {
            return Err(format!("its error type `{written}` is generic"));
        }
        let found = self
            .api
            .types
            .iter()
            .find(|t| t.name == name)
            .ok_or_else(|| format!("its error type `{written}` is not public"))?;
        if !found.traits.contains("Debug") {
            return Err(format!(
                "its error type `{written}` is not `Debug` (results are shown as `{{:?}}` renders them)"
            ));
        }
        Ok(format!("{}::{}", self.krate, found.public_path.join("::")))
    }
}

/// The type substitution for a signature: `impl_types`, and a lookup key's type parameter
/// (`Q: ?Sized`) as `i32`; `Err` with the reason when the signature is one no wrapper calls
/// (`unsafe`, `async`, variadic, a `'static` borrow out, generic over anything else).
fn signature_types(
    sig: &syn::Signature,
    impl_types: &BTreeMap<String, Type>,
) -> Result<BTreeMap<String, Type>, String> {
    if sig.unsafety.is_some() {
        return Err("it is `unsafe`".to_string());
    }
    if sig.asyncness.is_some() {
        return Err("it is `async`".to_string());
    }
    if sig.variadic.is_some() {
        return Err("it is variadic".to_string());
    }
    if returns_static_borrow(&sig.output) {
        return Err(
            "it returns a `'static` borrow, which a call makes by leaking what it \
             holds (or hands out static data): memory no session takes back"
                .to_string(),
        );
    }
    let mut types = impl_types.clone();
    for param in &sig.generics.params {
        match param {
            // The lookup pattern `fn get<Q: ?Sized + Ord>(&self, key: &Q) where K:
            // Borrow<Q>`: Q is the key type itself.
            GenericParam::Type(t) if maybe_unsized(t, &sig.generics) => {
                types.insert(t.ident.to_string(), syn::parse_quote!(i32));
            }
            GenericParam::Type(t) => {
                return Err(format!("it is generic over `{}`", written_param(t)));
            }
            GenericParam::Const(c) => {
                return Err(format!("it is generic over the constant `{}`", c.ident));
            }
            GenericParam::Lifetime(_) => {}
        }
    }
    Ok(types)
}

/// A method's inputs as the wrapper takes and passes them.
struct Inputs {
    /// `None`: an associated function.
    receiver: Option<Receiver>,
    parameters: Vec<(String, String)>,
    arguments: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Receiver {
    Shared,
    Mutable,
    Owned,
}

/// Whether a method's type parameter may be unsized (`Q: ?Sized`, inline or in the where
/// clause).
fn maybe_unsized(param: &syn::TypeParam, generics: &syn::Generics) -> bool {
    let relaxed = |bounds: &syn::punctuated::Punctuated<syn::TypeParamBound, syn::Token![+]>| {
        bounds.iter().any(|b| {
            matches!(b, syn::TypeParamBound::Trait(t) if matches!(t.modifier, syn::TraitBoundModifier::Maybe(_)))
        })
    };
    relaxed(&param.bounds)
        || generics
            .where_clause
            .iter()
            .flat_map(|w| &w.predicates)
            .any(|p| match p {
                syn::WherePredicate::Type(t) => {
                    matches!(&t.bounded_ty, Type::Path(b) if b.path.is_ident(&param.ident))
                        && relaxed(&t.bounds)
                }
                _ => false,
            })
}

/// `F: FnMut(&T) -> bool` as written.
fn written_param(param: &syn::TypeParam) -> String {
    let mut param = param.clone();
    param.default = None;
    written(&param)
}

fn is_unit(ty: &Type) -> bool {
    matches!(ty, Type::Tuple(t) if t.elems.is_empty())
}

fn is_self_ident(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none() && p.path.is_ident("Self"))
}

/// `T` of `Option<T>`.
fn option_of(ty: &Type) -> Option<&Type> {
    match single_generic(ty, "Option")?.as_slice() {
        [inner] => Some(inner),
        _ => None,
    }
}

/// `(T, E)` of `Result<T, E>`.
fn result_of(ty: &Type) -> Option<(&Type, &Type)> {
    match single_generic(ty, "Result")?.as_slice() {
        [ok, error] => Some((ok, error)),
        _ => None,
    }
}

/// The type arguments of `ty` when its last segment is `name`.
fn single_generic<'a>(ty: &'a Type, name: &str) -> Option<Vec<&'a Type>> {
    let Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if last.ident != name {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    Some(
        args.args
            .iter()
            .filter_map(|a| match a {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
    )
}

/// The generic arguments of a path type's last segment (types and consts; lifetimes not).
fn generic_arguments(ty: &Type) -> Vec<GenericArgument> {
    let Type::Path(p) = ty else { return Vec::new() };
    let Some(last) = p.path.segments.last() else {
        return Vec::new();
    };
    match &last.arguments {
        PathArguments::AngleBracketed(args) => args
            .args
            .iter()
            .filter(|a| !matches!(a, GenericArgument::Lifetime(_)))
            .cloned()
            .collect(),
        _ => Vec::new(),
    }
}

/// Token text without the spaces `quote` puts between tokens.
fn normalise(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// `ty` as a person writes it.
fn written_type(ty: &Type) -> String {
    written(ty)
}

/// Tokens as a person writes them (`Vec<i32>`, not the token stream's `Vec < i32 >`).
fn written(tokens: &impl ToTokens) -> String {
    tokens
        .to_token_stream()
        .to_string()
        .replace(" < ", "<")
        .replace("< ", "<")
        .replace(" >", ">")
        .replace(" ,", ",")
        .replace("& ", "&")
        .replace(" :: ", "::")
        .replace(":: ", "::")
        .replace(" ;", ";")
        .replace(" :", ":")
        .replace(" (", "(")
        .replace("( ", "(")
        .replace(" )", ")")
}

/// Whether a method's result borrows for `'static` (`ArcStr::leak(&self) -> &'static str`).
fn returns_static_borrow(output: &ReturnType) -> bool {
    let ReturnType::Type(_, ty) = output else {
        return false;
    };
    let mut finder = StaticBorrow(false);
    syn::visit::Visit::visit_type(&mut finder, ty);
    finder.0
}

/// Finds a reference with the lifetime `'static` in a type.
struct StaticBorrow(bool);

impl<'ast> syn::visit::Visit<'ast> for StaticBorrow {
    fn visit_type_reference(&mut self, reference: &'ast syn::TypeReference) {
        if reference
            .lifetime
            .as_ref()
            .is_some_and(|l| l.ident == "static")
        {
            self.0 = true;
        }
        syn::visit::visit_type_reference(self, reference);
    }
}

mod functions;
pub use functions::plan_functions;

#[cfg(test)]
mod tests;

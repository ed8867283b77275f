//! Result tables: typed columns ([`Table`]) written as CSV (to any writer or a file),
//! Parquet, an aligned text table or a Markdown table, read from Parquet
//! ([`parquet::read_parquet`]), and a staging
//! area that makes a set of output files appear all together or not at all.
//!
//! Every error names the operation and the file it failed on — the file's final name,
//! not the hidden name it is staged under (`cannot write runs/x/cells.parquet: No space
//! left on device (os error 28)`) — and carries the operating-system error once.

mod column;
mod format;
pub mod parquet;
mod texts;

pub use column::{CastError, Cell, Column, Table, Texts, Values};
pub use format::{csv_text, markdown_table, text_table};

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

/// Failure to write a table.
#[derive(Debug, Error)]
pub enum TableError {
    /// The table cannot be encoded (a Parquet file needs at least one column).
    #[error("cannot encode the table: {0}")]
    Encoding(String),
    /// A file or folder could not be created, written or moved into place.
    #[error("cannot {operation} {}", path.display())]
    Io {
        /// What was done: `create`, `write`, `create the folder`, ….
        operation: &'static str,
        /// The file concerned (its final name if it was staged).
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: io::Error,
    },
    /// A writer that is not a file (standard output) failed.
    #[error("cannot write the table")]
    Write(#[source] io::Error),
    /// An output place that holds what the command did not write ([`StagedFiles::claim`]).
    #[error("{}: {reason}", path.display())]
    Refused {
        /// The place refused.
        path: PathBuf,
        /// Why, and what to do instead.
        reason: String,
    },
}

/// The marker file a command leaves beside its output (in its output folder, or
/// `.FILE.testspace-output` beside an output file), naming the command: a later run of
/// the same command may write there again.
pub const OUTPUT_MARKER: &str = ".testspace-output";

/// Where a command's output goes, for [`StagedFiles::claim`].
#[derive(Clone, Copy, Debug)]
pub enum OutputPlace<'a> {
    /// Files of the command's choosing in this folder.
    Folder(&'a Path),
    /// This one file.
    File(&'a Path),
}

impl OutputPlace<'_> {
    fn path(&self) -> &Path {
        match self {
            OutputPlace::Folder(path) | OutputPlace::File(path) => path,
        }
    }

    /// The folder the files go into.
    fn folder(&self) -> PathBuf {
        match self {
            OutputPlace::Folder(path) => path.to_path_buf(),
            OutputPlace::File(path) => path
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
                .to_path_buf(),
        }
    }

    /// The marker's file name in [`OutputPlace::folder`].
    fn marker(&self) -> String {
        match self {
            OutputPlace::Folder(_) => OUTPUT_MARKER.to_string(),
            OutputPlace::File(path) => format!(
                ".{}{OUTPUT_MARKER}",
                path.file_name().unwrap_or_default().to_string_lossy()
            ),
        }
    }

    /// [`OutputPlace::refusal`] as an error.
    ///
    /// # Errors
    /// [`TableError::Refused`] naming the place and why.
    pub fn check(&self, command: &str, default: bool) -> Result<(), TableError> {
        match self.refusal(command, default) {
            Some(reason) => Err(TableError::Refused {
                path: self.path().to_path_buf(),
                reason,
            }),
            None => Ok(()),
        }
    }

    /// Whether `command`'s marker is there.
    pub fn holds_output_of(&self, command: &str) -> bool {
        fs::read_to_string(self.folder().join(self.marker()))
            .is_ok_and(|text| text.lines().next() == Some(command))
    }

    /// Why `command` may not write here, if it may not: an existing non-empty folder, or
    /// an existing non-empty file, without `command`'s marker, or anything else in the
    /// place of a folder or a regular file. `default`: the command's own default place, which needs no marker (it
    /// writes only its own file names there).
    pub fn refusal(&self, command: &str, default: bool) -> Option<String> {
        let path = self.path();
        let metadata = fs::symlink_metadata(path).ok()?;
        let folder = matches!(self, OutputPlace::Folder(_));
        if folder != metadata.is_dir() || !(metadata.is_dir() || metadata.is_file()) {
            let what = if folder { "a folder" } else { "a regular file" };
            return Some(format!(
                "it exists and is not {what}: testspace {command} never replaces it; write \
                 elsewhere with --out"
            ));
        }
        if self.holds_output_of(command) || default {
            return None;
        }
        let empty = if folder {
            fs::read_dir(path).is_ok_and(|mut entries| entries.next().is_none())
        } else {
            metadata.len() == 0
        };
        if empty {
            return None;
        }
        let marker = self.marker();
        Some(format!(
            "it exists and holds no earlier output of testspace {command} (no {marker} naming \
             it): testspace never overwrites what it did not write; write elsewhere with --out, \
             or remove it"
        ))
    }
}

/// Writes `table` as CSV ([`csv_text`]) to `writer`.
///
/// # Errors
/// [`TableError::Write`] if `writer` fails.
pub fn write_csv(table: &Table, mut writer: impl Write) -> Result<(), TableError> {
    writer
        .write_all(csv_text(table).as_bytes())
        .and_then(|()| writer.flush())
        .map_err(TableError::Write)
}

/// Writes `table` as CSV to the file `path` (created or truncated).
///
/// # Errors
/// [`TableError::Io`] naming the file if it cannot be created or written.
pub fn write_csv_file(table: &Table, path: &Path) -> Result<(), TableError> {
    let text = csv_text(table);
    let mut file = create(path)?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.flush())
        .map_err(|source| TableError::Io {
            operation: "write",
            path: shown(path),
            source,
        })
}

/// Writes `table` as Parquet ([`parquet`]) to the file `path` (created or truncated).
///
/// # Errors
/// As [`write_csv_file`]; [`TableError::Encoding`] for a table without columns.
pub fn write_parquet_file(table: &Table, path: &Path) -> Result<(), TableError> {
    let mut bytes = Vec::new();
    parquet::write_parquet(table.columns(), &mut bytes).map_err(|e| match e {
        parquet::ParquetError::Io(source) => TableError::Write(source),
        other => TableError::Encoding(other.to_string()),
    })?;
    let mut file = create(path)?;
    file.write_all(&bytes)
        .and_then(|()| file.flush())
        .map_err(|source| TableError::Io {
            operation: "write",
            path: shown(path),
            source,
        })
}

fn create(path: &Path) -> Result<File, TableError> {
    File::create(path).map_err(|source| TableError::Io {
        operation: "create",
        path: shown(path),
        source,
    })
}

/// The marker between a staged file's stem and the process id in its hidden name.
const STAGED: &str = ".partial-";

/// The name a file is shown by in messages: a staged file's final name
/// (`dir/.cells.partial-42.csv` → `dir/cells.csv`), any other path as it is.
fn shown(path: &Path) -> PathBuf {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return path.to_path_buf();
    };
    let Some((stem, rest)) = name.strip_prefix('.').and_then(|n| n.split_once(STAGED)) else {
        return path.to_path_buf();
    };
    let Some((pid, extension)) = rest.split_once('.') else {
        return path.to_path_buf();
    };
    if stem.is_empty() || pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return path.to_path_buf();
    }
    let file = if extension.is_empty() {
        stem.to_string()
    } else {
        format!("{stem}.{extension}")
    };
    path.with_file_name(file)
}

/// A set of output files in one directory that appear together: each is first written
/// under a hidden temporary name, and [`StagedFiles::commit`] renames them all into
/// place. Dropped without a commit, it removes the temporary files (and the directory,
/// if it created it and it is empty), so a failed run leaves nothing partial behind.
#[derive(Debug)]
pub struct StagedFiles {
    directory: PathBuf,
    created_directory: bool,
    /// (temporary path, final path)
    staged: Vec<(PathBuf, PathBuf)>,
}

impl StagedFiles {
    /// Prepares to write into `directory`, creating it (and its parents) if missing.
    ///
    /// # Errors
    /// [`TableError::Io`] if the directory cannot be created or is not a directory.
    pub fn new(directory: &Path) -> Result<Self, TableError> {
        let io_error = |operation, source| TableError::Io {
            operation,
            path: directory.to_path_buf(),
            source,
        };
        let created_directory = !directory.exists();
        fs::create_dir_all(directory).map_err(|e| io_error("create the folder", e))?;
        if !directory.is_dir() {
            return Err(io_error(
                "write into",
                io::Error::new(io::ErrorKind::AlreadyExists, "it is not a folder"),
            ));
        }
        Ok(Self {
            directory: directory.to_path_buf(),
            created_directory,
            staged: Vec::new(),
        })
    }

    /// Prepares to write `command`'s output into `place` ([`StagedFiles::new`]), once it is
    /// a place `command` may write ([`OutputPlace::refusal`]; `default`: it is the
    /// command's default place); stages the marker that lets the command write there again.
    ///
    /// # Errors
    /// [`TableError::Refused`] naming the place and why; as [`StagedFiles::new`].
    pub fn claim(place: OutputPlace<'_>, command: &str, default: bool) -> Result<Self, TableError> {
        place.check(command, default)?;
        let mut staged = StagedFiles::new(&place.folder())?;
        staged.write(&place.marker(), format!("{command}\n"))?;
        Ok(staged)
    }

    /// The temporary path to write the future `directory/file_name` to: hidden, and
    /// with the same extension (some writers choose the format by extension).
    pub fn stage(&mut self, file_name: &str) -> PathBuf {
        let (stem, extension) = file_name.rsplit_once('.').unwrap_or((file_name, ""));
        let temporary = self
            .directory
            .join(format!(".{stem}{STAGED}{}.{extension}", std::process::id()));
        self.staged
            .push((temporary.clone(), self.directory.join(file_name)));
        temporary
    }

    /// Stages `directory/file_name` with the content `bytes`.
    ///
    /// # Errors
    /// [`TableError::Io`] naming the file's final path.
    pub fn write(&mut self, file_name: &str, bytes: impl AsRef<[u8]>) -> Result<(), TableError> {
        let path = self.stage(file_name);
        fs::write(&path, bytes).map_err(|source| TableError::Io {
            operation: "write",
            path: shown(&path),
            source,
        })
    }

    /// Renames every staged file into place and returns the final paths. A destination
    /// that is a folder is refused before anything is renamed; if a rename still fails,
    /// the files already renamed that did not exist before are removed again.
    ///
    /// # Errors
    /// [`TableError::Io`] naming the destination that could not be written.
    pub fn commit(mut self) -> Result<Vec<PathBuf>, TableError> {
        let staged = std::mem::take(&mut self.staged);
        for (temporary, destination) in &staged {
            if destination.is_dir() {
                self.staged = staged.clone();
                return Err(TableError::Io {
                    operation: "write",
                    path: destination.clone(),
                    source: io::Error::new(io::ErrorKind::IsADirectory, "it is a folder"),
                });
            }
            debug_assert!(temporary.starts_with(&self.directory));
        }
        let mut written: Vec<(PathBuf, bool)> = Vec::with_capacity(staged.len());
        for (index, (temporary, destination)) in staged.iter().enumerate() {
            let existed = destination.exists();
            if let Err(source) = fs::rename(temporary, destination) {
                for (path, existed) in &written {
                    if !existed {
                        let _ = fs::remove_file(path);
                    }
                }
                self.staged = staged[index..].to_vec();
                return Err(TableError::Io {
                    operation: "write",
                    path: destination.clone(),
                    source,
                });
            }
            written.push((destination.clone(), existed));
        }
        self.created_directory = false;
        Ok(written.into_iter().map(|(path, _)| path).collect())
    }
}

impl Drop for StagedFiles {
    fn drop(&mut self) {
        for (temporary, _) in &self.staged {
            let _ = fs::remove_file(temporary);
        }
        if self.created_directory {
            let _ = fs::remove_dir(&self.directory);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_place_is_refused_unless_missing_empty_or_marked_as_the_commands() {
        let root = tempfile::tempdir().unwrap();
        let folder = root.path().join("out");
        let place = OutputPlace::Folder(&folder);
        assert_eq!(place.refusal("plot", false), None, "missing");
        fs::create_dir(&folder).unwrap();
        assert_eq!(place.refusal("plot", false), None, "empty");
        fs::write(folder.join("mine.txt"), "x").unwrap();
        assert!(place.refusal("plot", false).is_some(), "the user's");
        assert_eq!(place.refusal("plot", true), None, "the default place");
        fs::write(folder.join(OUTPUT_MARKER), "plot\n").unwrap();
        assert_eq!(place.refusal("plot", false), None, "plot's");
        assert!(place.refusal("minimal", false).is_some(), "not minimal's");
        let file = root.path().join("report.json");
        let place = OutputPlace::File(&file);
        assert_eq!(place.refusal("mutation-report", false), None);
        fs::write(&file, "").unwrap();
        assert_eq!(place.refusal("mutation-report", false), None, "empty");
        fs::write(&file, "{}").unwrap();
        assert!(place.refusal("mutation-report", false).is_some());
        fs::write(
            root.path().join(".report.json.testspace-output"),
            "mutation-report\n",
        )
        .unwrap();
        assert_eq!(place.refusal("mutation-report", false), None);
        for other in [Path::new("/dev/null"), &folder] {
            let refusal = OutputPlace::File(other).refusal("mutation-report", true);
            assert!(refusal.unwrap().contains("not a regular file"), "{other:?}");
        }
        assert!(OutputPlace::Folder(&file).refusal("plot", true).is_some());
    }

    fn sample() -> Table {
        Table::new(vec![
            Column::new("n", vec![1u64, 20, 300]),
            Column::new("phi", vec![Some("1"), None, Some("12345")]),
            Column::new("fd", vec!["1e-3", "2.5e-300", "0"]),
        ])
    }

    #[test]
    fn csv_has_a_header_and_empty_fields_for_nulls() {
        let mut bytes = Vec::new();
        write_csv(&sample(), &mut bytes).unwrap();
        assert_eq!(
            String::from_utf8(bytes).unwrap(),
            "n,phi,fd\n1,1,1e-3\n20,,2.5e-300\n300,12345,0\n"
        );
    }

    #[test]
    fn text_table_aligns_numbers_right_and_text_left() {
        let text = text_table(&sample());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "  n  phi    fd");
        assert_eq!(lines[1], "---  -----  --------");
        assert_eq!(lines[3], " 20         2.5e-300");
        assert_eq!(lines.len(), 5);
    }

    #[test]
    fn markdown_table_aligns_numbers_and_rounds_floats() {
        let frame = Table::new(vec![
            Column::new("name", vec!["a|b", "c"]),
            Column::new("count", vec![Some(3u64), None]),
            Column::new("rate", vec![15.4437, 0.000_15]),
        ]);
        assert_eq!(
            markdown_table(&frame),
            "| name | count | rate |\n|---|---:|---:|\n| a\\|b | 3 | 15.44 |\n| c |  | 1.5e-4 |\n"
        );
    }

    #[test]
    fn staged_files_appear_only_on_commit_and_parquet_round_trips() {
        let root = tempfile::tempdir().unwrap();
        let directory = root.path().join("out");
        let mut staging = StagedFiles::new(&directory).unwrap();
        let temporary = staging.stage("table.parquet");
        write_parquet_file(&sample(), &temporary).unwrap();
        assert!(!directory.join("table.parquet").exists());
        let written = staging.commit().unwrap();
        assert_eq!(written, vec![directory.join("table.parquet")]);
        let read = parquet::read_parquet(&fs::read(&written[0]).unwrap()).unwrap();
        assert_eq!(Table::new(read), sample());
        assert_eq!(
            fs::read_dir(&directory).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    /// An error and its sources as anyhow prints them with `{:#}`.
    fn chain(error: TableError) -> String {
        format!("{:#}", anyhow::Error::from(error))
    }

    #[test]
    fn a_full_disk_names_the_operation_and_the_file_once() {
        // Linux's /dev/full fails every write with ENOSPC.
        if !Path::new("/dev/full").exists() {
            return;
        }
        for error in [
            write_csv_file(&sample(), Path::new("/dev/full")).unwrap_err(),
            write_parquet_file(&sample(), Path::new("/dev/full")).unwrap_err(),
        ] {
            let text = chain(error);
            assert!(
                text.starts_with("cannot write /dev/full: No space left on device"),
                "{text}"
            );
            assert_eq!(text.matches("os error 28").count(), 1, "{text}");
        }
    }

    #[test]
    fn staged_files_are_named_by_their_final_path() {
        let root = tempfile::tempdir().unwrap();
        let mut staging = StagedFiles::new(root.path()).unwrap();
        let temporary = staging.stage("cells.parquet");
        assert_eq!(shown(&temporary), root.path().join("cells.parquet"));
        assert_eq!(
            shown(Path::new("a/.x.partial-12.")),
            Path::new("a/x"),
            "no extension"
        );
        for other in ["a/cells.csv", "a/.hidden.csv", "a/.x.partial-y.csv"] {
            assert_eq!(shown(Path::new(other)), Path::new(other));
        }
        // A staged file whose folder vanished: the error names the file to be.
        fs::remove_dir(root.path()).unwrap();
        let text = chain(write_csv_file(&sample(), &temporary).unwrap_err());
        let expected = format!(
            "cannot create {}: ",
            root.path().join("cells.parquet").display()
        );
        assert!(text.starts_with(&expected), "{text}");
    }

    #[test]
    fn a_folder_in_the_way_fails_the_commit_before_any_file_appears() {
        let root = tempfile::tempdir().unwrap();
        let directory = root.path().join("out");
        fs::create_dir_all(directory.join("b.csv")).unwrap();
        let mut staging = StagedFiles::new(&directory).unwrap();
        write_csv_file(&sample(), &staging.stage("a.csv")).unwrap();
        staging.write("b.csv", "x\n").unwrap();
        let text = chain(staging.commit().unwrap_err());
        assert_eq!(
            text,
            format!(
                "cannot write {}: it is a folder",
                directory.join("b.csv").display()
            )
        );
        let left: Vec<_> = fs::read_dir(&directory)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, ["b.csv"], "nothing written, no temporary file left");
    }

    #[test]
    fn dropped_staging_leaves_nothing_behind() {
        let root = tempfile::tempdir().unwrap();
        let directory = root.path().join("new");
        {
            let mut staging = StagedFiles::new(&directory).unwrap();
            write_csv_file(&sample(), &staging.stage("table.csv")).unwrap();
        }
        assert!(!directory.exists());
    }
}

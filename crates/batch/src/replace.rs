//! # Writing a file the user named
//!
//! What `-o FILE` writes (a batch run's journal and report, a shard's part) is put in place in
//! one step ([`replace`]): written to a temporary file beside FILE, synced, and renamed over it,
//! so that a reader, or a crash at any moment, finds the old file whole or the new one whole.
//!
//! Only a regular file is replaced that way. A name that is a device, a pipe or a socket
//! (`-o /dev/null`, `-o /dev/stdout`, a FIFO another program reads) is written into, as a
//! shell's `>` would: a rename would put an ordinary file where the device was, and for root
//! that breaks `/dev/null` for every program on the machine. A symbolic link is followed, so
//! that the link stays and the file it names is replaced.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Puts `bytes` at `path` in one step (see the module's documentation) and returns the file,
/// open for writing at its end.
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<File> {
    match destination(path)? {
        Destination::Place(place) => rename_over(&place, bytes),
        Destination::Device => write_into(path, bytes),
    }
}

/// Whether [`replace`] could put a file at `path`, tried before hours of work that end by
/// writing it: a name that is a device or a pipe is taken as it is; otherwise an empty file is
/// made beside the place and removed again.
pub fn check_writable(path: &Path) -> io::Result<()> {
    match destination(path)? {
        Destination::Place(place) => temporary_beside(&place)?.close(),
        Destination::Device => Ok(()),
    }
}

/// Where [`replace`] puts its bytes.
enum Destination {
    /// A regular file (through its links) or a new one: replaced by a rename.
    Place(PathBuf),
    /// A device, pipe or socket: written into.
    Device,
}

fn destination(path: &Path) -> io::Result<Destination> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Ok(Destination::Place(std::fs::canonicalize(path)?)),
        Ok(meta) if meta.is_dir() => Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "is a directory",
        )),
        Ok(_) => Ok(Destination::Device),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Destination::Place(path.into())),
        Err(e) => Err(e),
    }
}

/// Writes `bytes` into the existing file at `path`, which is not a regular one.
fn write_into(path: &Path, bytes: &[u8]) -> io::Result<File> {
    let mut file = OpenOptions::new().write(true).open(path)?;
    file.write_all(bytes)?;
    file.flush()?;
    Ok(file)
}

/// Writes `bytes` to a temporary file beside `place` (in its directory, so on its file system),
/// syncs it, renames it over `place` and syncs the directory.
fn rename_over(place: &Path, bytes: &[u8]) -> io::Result<File> {
    let mut temp = temporary_beside(place)?;
    temp.write_all(bytes)?;
    temp.as_file().sync_all()?;
    let file = temp.persist(place).map_err(|e| e.error)?;
    sync_dir(parent_of(place));
    Ok(file)
}

/// The directory `place` is in (`.` for a bare name).
fn parent_of(place: &Path) -> &Path {
    match place.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A new temporary file in the directory of `place`, named after it.
fn temporary_beside(place: &Path) -> io::Result<tempfile::NamedTempFile> {
    let name = place
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        // As any new file: read and write for all, less the umask (not 0600).
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let dir = parent_of(place);
    if !dir.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("there is no directory {}", dir.display()),
        ));
    }
    builder.tempfile_in(dir)
}

/// Makes a rename in `dir` durable. Best effort: not every system can sync a directory.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(dir) = File::open(dir) {
        let _ = dir.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_replaced_whole_and_nothing_is_left_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.json");
        std::fs::write(&path, "old, and longer than the new\n").unwrap();
        drop(replace(&path, b"new\n").unwrap());
        assert_eq!(std::fs::read(&path).unwrap(), b"new\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // A file that was not there is made.
        let fresh = dir.path().join("fresh.json");
        drop(replace(&fresh, b"made\n").unwrap());
        assert_eq!(std::fs::read(&fresh).unwrap(), b"made\n");
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_stays_and_the_file_it_names_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("target.json");
        let link = dir.path().join("link.json");
        std::fs::write(&target, "old\n").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        drop(replace(&link, b"new\n").unwrap());
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&target).unwrap(), b"new\n");
    }

    #[cfg(unix)]
    #[test]
    fn a_pipe_is_written_into_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        drop(replace(&fifo, b"through the pipe\n").unwrap());
        // Checked first: a pipe replaced by a file would leave the reader waiting for ever.
        let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
        assert!(kind.is_fifo(), "the pipe was replaced by {kind:?}");
        assert_eq!(reader.join().unwrap(), b"through the pipe\n");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_directory_is_refused_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        assert!(replace(dir.path(), b"x").is_err());
        assert!(dir.path().is_dir());
    }
}

//! The line `pathsat count` writes when its tables outgrow `--memory` and go on in files in the
//! system's temporary directory (the library's policy: `pathsat_api::options::CountSpec`
//! without `spill_dir` or `no_spill`; the disk is checked for room before the first file).

use bytesize::ByteSize;
use pathsat_count::SpillNotice;

/// The one line of a count whose tables outgrew the memory, or `None` for tables in files
/// from the first large one on, which `--spill-dir` asked for.
pub fn words(notice: &SpillNotice) -> Option<String> {
    if !notice.over_budget {
        return None;
    }
    let size = |bytes: u64| ByteSize(bytes).display().iec().to_string();
    let needed = if notice.needed_bytes > 0 {
        format!(" (about {} needed)", size(notice.needed_bytes))
    } else {
        String::new()
    };
    let free = notice
        .free_bytes
        .map_or_else(String::new, |f| format!(", {} free", size(f)));
    Some(format!(
        "the tables outgrow --memory {}{needed} at layer {} of {}: going on with them in files \
         in {} (about {} of disk estimated{free}; --spill-dir DIR puts them elsewhere, \
         --no-spill stops instead)",
        size(notice.memory_budget),
        notice.layer,
        notice.layers,
        notice.dir.display(),
        size(notice.disk_bytes),
    ))
}

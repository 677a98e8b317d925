//! The memory allocator's settings for long counts (Linux with glibc; elsewhere nothing).
//!
//! The frontier program frees and allocates tables of megabytes to gigabytes at every layer of
//! its sweep. Under glibc's defaults the top of the heap goes back to the system as soon as a
//! little of it lies free (128 KiB, or twice a threshold that moves with the program's frees),
//! so every layer faults its pages in again and the kernel zeroes them: on the 6x18 grid swept
//! by rows, 3 of 24 CPU seconds went to the kernel, and the count took 1.4 times as long as with
//! the settings below. `count` and the batch workers therefore keep freed memory for the next
//! layer: blocks of up to 32 MiB (glibc's largest) come from the heap, and the heap gives memory
//! back only when 2 GiB lie free at its top. The peak resident memory grows by a few percent.
//!
//! The library crates do not do this: they may run in someone else's process (the Python
//! module, a program that links pathsat), whose allocator is not theirs to set.

/// Sets glibc's allocator to keep freed memory (see the module's documentation). Call it once,
/// at the start of a command, before any other thread runs.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn keep_freed_memory() {
    const MMAP_THRESHOLD: libc::c_int = 32 << 20;
    const TRIM_THRESHOLD: libc::c_int = libc::c_int::MAX;
    // The only unsafe code of pathsat. SAFETY: `mallopt` only sets two numbers of the
    // allocator's state; glibc takes them at any time, and a value it refuses (returning 0)
    // leaves its default in place, which is correct, only slower.
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
        libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD);
    }
}

/// Does nothing: the settings are glibc's.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn keep_freed_memory() {}

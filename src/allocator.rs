//! The process's global allocator: mimalloc, called the way `malloc` is called wherever the alignment allows.
//!
//! Why not `mimalloc::MiMalloc` as it comes: that type sends every allocation through `mi_malloc_aligned`,
//! and mimalloc 3 (the crate's default) serves an aligned request from its plain free lists only when the
//! block is "naturally aligned" (a power-of-two size up to 4 KiB); every other block over 1 KiB (hyper's
//! read and write buffers, a body being collected, a judged message's arena) takes its over-allocation path,
//! several times the instructions of a pop from a free list, paid on every such block of every request (the
//! callgrind gate counts it; BENCHMARKS.md).
//! mimalloc's plain entry points guarantee `MI_MAX_ALIGN_SIZE` (16 bytes) for every block of 16 bytes or
//! more (on 64-bit targets its size classes from 16 bytes on are multiples of 16, `MI_ALIGN2W` in
//! `page-queue.c`, and `_mi_page_malloc_zero` asserts the alignment) and word alignment below, so a layout
//! whose alignment is at most 16 and at most its size is served by them, as std's own `System` allocator
//! does with `malloc`; anything else keeps the aligned calls. This is a dozen lines of glue, not an
//! allocator, so it is written here rather than taken from another crate.
//!
//! Shared by the gateway binary and, through `#[path]`, by the benchmarks and examples that count the
//! shipped code's instructions; the library itself forbids `unsafe`.

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys as mi;

/// mimalloc's `MI_MAX_ALIGN_SIZE` on 64-bit targets: the alignment its plain `mi_malloc` guarantees for
/// blocks of at least this size.
const MAX_PLAIN_ALIGN: usize = 16;

/// mimalloc behind Rust's allocator interface.
pub struct MiMalloc;

/// Whether mimalloc's plain entry points already give `align` to a block of `size` bytes.
#[inline(always)]
fn plain(align: usize, size: usize) -> bool {
    align <= MAX_PLAIN_ALIGN && align <= size
}

// SAFETY: every block comes from mimalloc and goes back to `mi_free`, which frees blocks from both its plain
// and aligned entry points; a block is served by a plain entry point only when that entry point's guaranteed
// alignment covers the layout's (see `plain`), otherwise by the aligned one with the layout's alignment.
unsafe impl GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: mimalloc's allocation functions accept any size and a power-of-two alignment.
        unsafe {
            if plain(layout.align(), layout.size()) {
                mi::mi_malloc(layout.size()).cast()
            } else {
                mi::mi_malloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as in `alloc`.
        unsafe {
            if plain(layout.align(), layout.size()) {
                mi::mi_zalloc(layout.size()).cast()
            } else {
                mi::mi_zalloc_aligned(layout.size(), layout.align()).cast()
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` was returned by this allocator, so by mimalloc (GlobalAlloc's contract).
        unsafe { mi::mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` was returned by this allocator for `layout` (GlobalAlloc's contract); the new block
        // gets the layout's alignment by the same rule as `alloc`.
        unsafe {
            if plain(layout.align(), new_size) {
                mi::mi_realloc(ptr.cast::<c_void>(), new_size).cast()
            } else {
                mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// Every size and alignment pair a Rust program can ask for (up to 4 KiB sizes, 64 KiB alignments) comes
    /// back aligned, writable, and survives growing and shrinking with its contents.
    #[test]
    fn blocks_are_aligned_and_keep_their_contents() {
        use std::alloc::{GlobalAlloc, Layout};
        let a = super::MiMalloc;
        let mut sizes: Vec<usize> = (1..=64).collect();
        sizes.extend([100, 127, 128, 1000, 1024, 1025, 1536, 2047, 4096, 5000]);
        for align in (0..=16).map(|s| 1usize << s) {
            for &size in &sizes {
                let Ok(layout) = Layout::from_size_align(size, align) else {
                    continue;
                };
                // SAFETY: non-zero size; the block is written within its size and freed with its layout.
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size} align {align}");
                    p.write_bytes(0xA5, size);
                    let grown = a.realloc(p, layout, size * 3);
                    assert_eq!(
                        grown as usize % align,
                        0,
                        "grown: size {size} align {align}"
                    );
                    assert!((0..size).all(|i| *grown.add(i) == 0xA5));
                    let grown_layout = Layout::from_size_align_unchecked(size * 3, align);
                    let shrunk = a.realloc(grown, grown_layout, size.div_ceil(2));
                    assert_eq!(
                        shrunk as usize % align,
                        0,
                        "shrunk: size {size} align {align}"
                    );
                    assert!((0..size.div_ceil(2)).all(|i| *shrunk.add(i) == 0xA5));
                    a.dealloc(
                        shrunk,
                        Layout::from_size_align_unchecked(size.div_ceil(2), align),
                    );
                    let z = a.alloc_zeroed(layout);
                    assert_eq!(z as usize % align, 0);
                    assert!((0..size).all(|i| *z.add(i) == 0));
                    a.dealloc(z, layout);
                }
            }
        }
    }
}

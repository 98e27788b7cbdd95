/** Benchmarks of the shared exporters. */
package io.loadlab.jmh.export;

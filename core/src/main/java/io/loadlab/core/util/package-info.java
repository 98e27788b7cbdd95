/**
 * Parsing of the values users type (durations, sizes and lists), and the numbers and table cells
 * printed for them.
 */
package io.loadlab.core.util;

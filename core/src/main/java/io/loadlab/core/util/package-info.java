/** Parsing of the values users type: durations, sizes and lists. */
package io.loadlab.core.util;

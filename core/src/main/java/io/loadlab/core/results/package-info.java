/** The one results model every front-end and exporter shares. */
package io.loadlab.core.results;

package io.loadlab.core.ds2;

/**
 * What a browse (search) returned.
 *
 * @param rows products found (at most the batch size)
 */
public record Ds2BrowseResult(int rows) {}

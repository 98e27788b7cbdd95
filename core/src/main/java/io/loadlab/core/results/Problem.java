package io.loadlab.core.results;

/**
 * Something that went wrong during a run, by kind, with how often it happened and one example
 * message (no secrets).
 */
public record Problem(String kind, long count, String message) {}

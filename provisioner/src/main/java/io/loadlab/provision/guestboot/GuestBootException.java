package io.loadlab.provision.guestboot;

import io.loadlab.core.failure.LoadlabException;

/** A guest that did not come up: the message ends with the tail of its serial console. */
public final class GuestBootException extends LoadlabException {
  private static final long serialVersionUID = 1L;

  public GuestBootException(String message, ConsoleLog console) {
    super(message + "; console " + console.file() + " ends: " + console.tail(4), 1);
  }
}

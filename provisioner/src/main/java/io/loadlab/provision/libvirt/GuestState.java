package io.loadlab.provision.libvirt;

/** The life-cycle state of a guest's domain. */
public enum GuestState {
  ABSENT,
  SHUT_OFF,
  RUNNING,
  PAUSED,
  OTHER;

  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
  }
}

package io.loadlab.provision.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class ShellQuoteTest {
  @Test
  void safeWordsStayBareOthersAreSingleQuoted() {
    assertEquals("net.core.rmem_max=4194304", ShellQuote.quote("net.core.rmem_max=4194304"));
    assertEquals("''", ShellQuote.quote(""));
    assertEquals("'a b'", ShellQuote.quote("a b"));
    assertEquals("'it'\"'\"'s'", ShellQuote.quote("it's"));
    assertEquals("'$(reboot)'", ShellQuote.quote("$(reboot)"));
    assertEquals("ethtool -G 'eth2; reboot'", ShellQuote.join("ethtool", "-G", "eth2; reboot"));
  }
}

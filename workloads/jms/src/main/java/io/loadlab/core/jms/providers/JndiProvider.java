package io.loadlab.core.jms.providers;

import io.loadlab.core.failure.UsageException;
import io.loadlab.core.jms.provider.JmsProvider;
import io.loadlab.core.jms.provider.ProviderFeature;
import io.loadlab.core.jms.provider.ProviderSettings;
import io.loadlab.core.util.Texts;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.EnumSet;
import java.util.Hashtable;
import java.util.Properties;
import java.util.Set;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NameNotFoundException;
import javax.naming.NamingException;

/**
 * Any JMS provider through JNDI, as JMeter's JMS samplers take one: a properties file names the
 * initial context factory ({@value Context#INITIAL_CONTEXT_FACTORY}), the provider URL ({@value
 * Context#PROVIDER_URL}), the provider's own entries (e.g. {@code connectionfactory.NAME}, {@code
 * queue.NAME}) and {@value #FACTORY_KEY}, the JNDI name of the connection factory (default {@value
 * #DEFAULT_FACTORY}). The provider's classes come from a directory of jars in a class loader of
 * their own. The factory is looked up once, when the provider is made: a class that cannot be
 * loaded or a name that is not bound is refused then, before anything starts.
 */
public final class JndiProvider implements JmsProvider {
  /** The provider's name in results. */
  public static final String NAME = "jndi";

  /** The key of the connection factory's JNDI name. */
  public static final String FACTORY_KEY = "loadlab.connectionFactory";

  /** The connection factory's JNDI name when the file names none. */
  public static final String DEFAULT_FACTORY = "ConnectionFactory";

  private final ClassLoader loader;
  private final Context context;
  private final ConnectionFactory factory;
  private final String url;

  private JndiProvider(ClassLoader loader, Context context, ConnectionFactory factory, String url) {
    this.loader = loader;
    this.context = context;
    this.factory = factory;
    this.url = url;
  }

  /**
   * Reads {@code file}, loads the provider from {@code jars} and looks its connection factory up.
   *
   * @param brokerUrl a provider URL that replaces the file's, or {@code null}
   * @throws UsageException naming {@code --jndi} or {@code --provider-jars} and the fix
   */
  public static JndiProvider load(Path file, Path jars, String brokerUrl) {
    Properties p = new Properties();
    try (Reader in = Files.newBufferedReader(file)) {
      p.load(in);
    } catch (IOException e) {
      throw new UsageException(
          "--jndi: cannot read '"
              + Texts.cut(file)
              + "' ("
              + Texts.cut(String.valueOf(e.getMessage()))
              + ")");
    }
    String factoryClass = p.getProperty(Context.INITIAL_CONTEXT_FACTORY);
    if (factoryClass == null || factoryClass.isBlank()) {
      throw new UsageException(
          "--jndi: '"
              + Texts.cut(file)
              + "' names no "
              + Context.INITIAL_CONTEXT_FACTORY
              + "; add the provider's initial context factory class");
    }
    if (brokerUrl != null) {
      p.setProperty(Context.PROVIDER_URL, brokerUrl);
    }
    String name = p.getProperty(FACTORY_KEY, DEFAULT_FACTORY).strip();
    ClassLoader loader = ProviderJars.of("--provider-jars", jars);
    Hashtable<Object, Object> env = new Hashtable<>(p);
    env.remove(FACTORY_KEY);
    return within(
        loader,
        () -> {
          try {
            loader.loadClass(factoryClass.strip());
          } catch (ClassNotFoundException e) {
            throw new UsageException(
                "--provider-jars: no class "
                    + factoryClass.strip()
                    + " in "
                    + Texts.cut(jars)
                    + "; put the provider's client jars there (or fix "
                    + Context.INITIAL_CONTEXT_FACTORY
                    + " in --jndi)");
          }
          Context context;
          Object bound;
          try {
            context = new InitialContext(env);
            bound = context.lookup(name);
          } catch (NameNotFoundException e) {
            throw new UsageException(
                "--jndi: nothing is bound to '"
                    + Texts.cut(name)
                    + "' in "
                    + Texts.cut(file)
                    + "; set "
                    + FACTORY_KEY
                    + " to the connection factory's JNDI name");
          } catch (NamingException | RuntimeException e) {
            throw new UsageException(
                "--jndi: the initial context of "
                    + Texts.cut(file)
                    + " failed ("
                    + firstLine(e)
                    + "); check "
                    + Context.INITIAL_CONTEXT_FACTORY
                    + " and the provider's entries");
          }
          if (!(bound instanceof ConnectionFactory cf)) {
            throw new UsageException(
                "--jndi: '"
                    + Texts.cut(name)
                    + "' is a "
                    + (bound == null ? "null" : bound.getClass().getName())
                    + ", not a jakarta.jms.ConnectionFactory; set "
                    + FACTORY_KEY
                    + " to a Jakarta JMS connection factory's name");
          }
          return new JndiProvider(
              loader, context, cf, p.getProperty(Context.PROVIDER_URL, "jndi:" + file));
        });
  }

  private static String firstLine(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  private interface Call<T, E extends Exception> {
    T call() throws E;
  }

  /** Runs with the provider's loader as the thread's context loader, as JNDI and clients expect. */
  private static <T, E extends Exception> T within(ClassLoader loader, Call<T, E> call) throws E {
    Thread t = Thread.currentThread();
    ClassLoader before = t.getContextClassLoader();
    t.setContextClassLoader(loader);
    try {
      return call.call();
    } finally {
      t.setContextClassLoader(before);
    }
  }

  /** The provider URL from the file (or the one that replaced it). */
  public String url() {
    return url;
  }

  /** The connection factory's class. */
  public Class<?> factoryClass() {
    return factory.getClass();
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String protocol() {
    return "as " + factory.getClass().getName() + " speaks";
  }

  @Override
  public String clientVersion() {
    CodeSource source = factory.getClass().getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return factory.getClass().getName();
    }
    String path = source.getLocation().getPath();
    return path.substring(path.lastIndexOf('/') + 1).replaceFirst("\\.jar$", "");
  }

  @Override
  public Set<ProviderFeature> features() {
    return EnumSet.of(ProviderFeature.ASYNC_SEND, ProviderFeature.SHARED_DURABLE_SUBSCRIPTIONS);
  }

  @Override
  public void checkUrl(String url) {
    // The provider's own syntax: only the provider knows it.
  }

  @Override
  public String embeddedUrl(String host, int port) {
    return null;
  }

  @Override
  public ConnectionFactory connectionFactory(ProviderSettings settings) {
    return factory; // configured by the JNDI file
  }

  @Override
  public Connection connect(ConnectionFactory f, ProviderSettings settings) throws JMSException {
    return within(loader, () -> JmsProvider.super.connect(f, settings));
  }

  /** The destination bound to {@code address} in the context, else the session's own. */
  @Override
  public Destination destination(Session session, String address, boolean topic)
      throws JMSException {
    try {
      Object bound = within(loader, () -> context.lookup(address));
      if (bound instanceof Destination d) {
        return d;
      }
    } catch (NamingException e) {
      // not bound: the session makes it
    }
    return JmsProvider.super.destination(session, address, topic);
  }
}

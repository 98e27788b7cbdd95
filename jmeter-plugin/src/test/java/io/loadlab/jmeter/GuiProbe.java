package io.loadlab.jmeter;

import java.awt.Component;
import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.image.BufferedImage;
import java.io.File;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javax.imageio.ImageIO;
import javax.swing.JMenu;
import javax.swing.JMenuItem;
import javax.swing.SwingUtilities;
import javax.swing.tree.TreePath;
import org.apache.jmeter.NewDriver;
import org.apache.jmeter.gui.GuiPackage;
import org.apache.jmeter.gui.action.ActionNames;
import org.apache.jmeter.gui.tree.JMeterTreeNode;
import org.apache.jmeter.gui.util.MenuFactory;

/**
 * Runs inside a real JMeter's GUI (started by {@link GuiMenusIT} on an X server of its own): opens
 * JMeter with a plan, prints what JMeter's own Add menus list ({@code menu CATEGORY: ITEM}),
 * selects the plan's element of class {@code args[2]} and saves a screenshot of JMeter's window to
 * {@code args[1]}, then exits.
 *
 * <p>Arguments: the plan, the PNG file, the element's class name, JMeter's log file.
 */
public final class GuiProbe {
  private GuiProbe() {}

  public static void main(String[] args) throws Exception {
    String plan = args[0];
    File png = new File(args[1]);
    String selected = args[2];
    String log = args[3];
    // JMeter as bin/jmeter starts it (GUI mode), in this JVM so that its GUI can be read.
    NewDriver.main(new String[] {"-t", plan, "-j", log});
    GuiPackage gui = null;
    for (int i = 0; i < 1200 && (gui = GuiPackage.getInstance()) == null; i++) {
      Thread.sleep(100);
    }
    if (gui == null) {
      System.out.println("error: JMeter's GUI did not start in 120 s");
      System.exit(3);
    }
    while (gui.getMainFrame() == null || !gui.getMainFrame().isShowing()) {
      Thread.sleep(100);
    }
    GuiPackage g = gui;
    // Wait until the plan is in the tree (the GUI loads it after showing its window).
    JMeterTreeNode node = null;
    for (int i = 0; i < 1200 && (node = find(g, selected)) == null; i++) {
      Thread.sleep(100);
    }
    List<String> lines = new ArrayList<>();
    SwingUtilities.invokeAndWait(
        () -> {
          for (String category :
              List.of(MenuFactory.SAMPLERS, MenuFactory.CONFIG_ELEMENTS, MenuFactory.LISTENERS)) {
            JMenu menu = MenuFactory.makeMenu(category, ActionNames.ADD);
            for (String item : items(menu)) {
              lines.add("menu " + category + ": " + item);
            }
          }
        });
    lines.forEach(System.out::println);
    if (node == null) {
      System.out.println("error: no element of class " + selected + " in " + plan);
      System.exit(4);
    }
    JMeterTreeNode n = node;
    AtomicReference<Rectangle> bounds = new AtomicReference<>();
    SwingUtilities.invokeAndWait(
        () -> {
          TreePath path = new TreePath(n.getPath());
          g.getTreeListener().getJTree().setSelectionPath(path);
          g.getMainFrame().setExtendedState(java.awt.Frame.MAXIMIZED_BOTH);
        });
    Thread.sleep(3000); // let the panel draw
    SwingUtilities.invokeAndWait(
        () -> {
          Component f = g.getMainFrame();
          bounds.set(new Rectangle(f.getLocationOnScreen(), f.getSize()));
        });
    BufferedImage shot = new Robot().createScreenCapture(bounds.get());
    ImageIO.write(shot, "png", png);
    System.out.println("selected: " + n.getName());
    System.out.println("screenshot: " + png);
    System.out.flush();
    System.exit(0);
  }

  private static JMeterTreeNode find(GuiPackage g, String className) {
    JMeterTreeNode root = (JMeterTreeNode) g.getTreeModel().getRoot();
    Enumeration<?> all = root.depthFirstEnumeration();
    while (all.hasMoreElements()) {
      JMeterTreeNode n = (JMeterTreeNode) all.nextElement();
      if (n.getTestElement() != null
          && className.equals(n.getTestElement().getPropertyAsString("TestElement.test_class"))) {
        return n;
      }
    }
    return null;
  }

  /** Every item's text in {@code menu} and its sub-menus. */
  private static List<String> items(JMenu menu) {
    List<String> out = new ArrayList<>();
    for (Component c : menu.getMenuComponents()) {
      if (c instanceof JMenu sub) {
        out.addAll(items(sub));
      } else if (c instanceof JMenuItem item) {
        out.add(item.getText());
      }
    }
    return out;
  }
}

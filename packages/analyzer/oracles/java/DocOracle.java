import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.DocTrees;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * javac's own answer to "which methods and constructors have a doc comment": parses every .java
 * file given (no type checking, so no classpath is needed) and prints one line per method with a
 * body or without (interfaces, abstract): path, start line, name, documented (javac's
 * DocTrees.getDocCommentTree, i.e. the doc comment javadoc would use).
 * Usage: java DocOracle.java <file.java>...   (Java 11+ runs a single source file directly)
 */
public class DocOracle {
  public static void main(String[] args) throws Exception {
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    StandardJavaFileManager files = compiler.getStandardFileManager(null, null, StandardCharsets.UTF_8);
    List<File> sources = new ArrayList<>();
    for (String a : args) sources.add(new File(a));
    Iterable<? extends JavaFileObject> units = files.getJavaFileObjectsFromFiles(sources);
    JavacTask task = (JavacTask) compiler.getTask(null, files, d -> {}, List.of("-proc:none"), null, units);
    DocTrees docs = DocTrees.instance(task);
    for (CompilationUnitTree unit : task.parse()) {
      String path = unit.getSourceFile().getName();
      new TreePathScanner<Void, Void>() {
        @Override
        public Void visitMethod(MethodTree method, Void unused) {
          TreePath here = getCurrentPath();
          long pos = docs.getSourcePositions().getStartPosition(unit, method);
          long line = unit.getLineMap().getLineNumber(pos);
          String name = method.getName().contentEquals("<init>") ? enclosingClass(here) : method.getName().toString();
          boolean documented = docs.getDocCommentTree(here) != null;
          System.out.println(path + "\t" + line + "\t" + name + "\t" + documented);
          return super.visitMethod(method, unused);
        }
      }.scan(unit, null);
    }
  }

  static String enclosingClass(TreePath path) {
    for (TreePath p = path; p != null; p = p.getParentPath()) {
      if (p.getLeaf() instanceof ClassTree) return ((ClassTree) p.getLeaf()).getSimpleName().toString();
    }
    return "<init>";
  }
}

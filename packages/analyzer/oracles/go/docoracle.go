// Command docoracle prints go/parser's answer to "which funcs have a doc comment" (FuncDecl.Doc,
// what go/doc and `go doc` show): one line per func declaration with path, start line
// (the `func` keyword), name (Type.Method for methods) and whether Doc is non-empty.
// Usage: go run docoracle.go <file.go>...   (standard library only; no module needed)
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
)

func main() {
	fset := token.NewFileSet()
	for _, path := range os.Args[1:] {
		file, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil && file == nil {
			continue
		}
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			name := fn.Name.Name
			if fn.Recv != nil && len(fn.Recv.List) > 0 {
				name = receiverType(fn.Recv.List[0].Type) + "." + name
			}
			documented := fn.Doc != nil && strings.TrimSpace(fn.Doc.Text()) != ""
			fmt.Printf("%s\t%d\t%s\t%t\n", path, fset.Position(fn.Pos()).Line, name, documented)
		}
	}
}

func receiverType(expr ast.Expr) string {
	switch t := expr.(type) {
	case *ast.StarExpr:
		return receiverType(t.X)
	case *ast.IndexExpr:
		return receiverType(t.X)
	case *ast.IndexListExpr:
		return receiverType(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}

// Command ferretdb-server runs FerretDB v1 (a MongoDB wire-protocol server) with its SQLite
// handler, embedded in a program of our own: the project's tests run the real `mongodb` driver
// and the MongoDB read-store adapter against it over TCP, on machines where MongoDB cannot run.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:27018", "TCP address to listen on")
	dir := flag.String("data", "ferretdb-data", "directory of the SQLite databases")
	flag.Parse()

	abs, err := filepath.Abs(*dir)
	if err != nil {
		fail(err)
	}
	if err := os.MkdirAll(abs, 0o755); err != nil {
		fail(err)
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *addr},
		Logger:    slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})),
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/",
	})
	if err != nil {
		fail(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	// MongoDBURI() blocks until Run has started listening: announce readiness from the side.
	go func() {
		fmt.Printf("FerretDB prêt : %s?directConnection=true\n", f.MongoDBURI())
	}()

	if err := f.Run(ctx); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "ferretdb-server : %v\n", err)
	os.Exit(1)
}

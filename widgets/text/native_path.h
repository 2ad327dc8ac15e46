#pragma once
// File names between the file system (bytes) and the interface (QString). Linux file names are
// bytes; Qt decodes them as UTF-8 and turns a byte that is not UTF-8 into U+FFFD, so a file named
// "lat\xe9.tpscenario.json" (Latin-1, from an old archive or a Windows share) became another name
// that does not exist: the GUI could save a file it then could not open. Here such a byte is kept as
// the lone surrogate U+DC80 + (byte − 0x80), as Python's "surrogateescape" does, and given back
// as the same byte when the name goes to the file system. Valid UTF-8 names are unchanged.
// Every path the GUI hands to core (to read or write) goes through nativePath(); names keep their
// bytes where they come to the GUI as bytes: the command line, $HOME, a dropped file's URL. Qt's file
// dialogs decode the names they list themselves, so a name that is not UTF-8 cannot be picked there.

#include <QByteArray>
#include <QString>

#include <string>
#include <vector>

namespace ui {

/// A file name's bytes (a command-line argument, a file system entry) as text, losslessly.
[[nodiscard]] QString pathFromNative(const QByteArray& bytes);
/// The bytes of a file name made by pathFromNative() (or typed): what open() must be given.
[[nodiscard]] std::string nativePath(const QString& path);

/// `path` made absolute against the working folder and cleaned (no "." or ".." parts), keeping the
/// bytes of a name that is not UTF-8 (QFileInfo::absoluteFilePath() turns them into U+FFFD).
[[nodiscard]] QString absolutePath(const QString& path);
/// Whether `path` names anything (a dangling symbolic link too), as the file system sees its bytes.
[[nodiscard]] bool pathExists(const QString& path);
/// Whether `path` is a regular file (or a link to one).
[[nodiscard]] bool isRegularFile(const QString& path);
/// Whether `path` is a folder (or a link to one).
[[nodiscard]] bool isFolder(const QString& path);
/// Creates the folder `path` and its missing parents (0777 less the umask, core::makeFolders()): empty
/// when it is a folder after, else "PATH: cannot create the folder (reason)". `created` receives the
/// folders it made, outermost first (to remove them again).
[[nodiscard]] QString makeFolders(const QString& path, std::vector<std::string>* created = nullptr);

} // namespace ui

import Foundation
import Synchronization

@testable import Todos

/// The to-dos in memory: a ``TodoStorage`` test value that behaves as the database does for
/// the model (ids in order, the list delivered again after each write) without SQLite.
final class InMemoryTodos: Sendable {
  private struct Contents {
    var todos: [Todo] = []
    var nextID: Int64 = 1
    var watchers: [Int: AsyncThrowingStream<TodoList, any Error>.Continuation] = [:]
    var nextWatcher = 0
  }

  private let contents: Mutex<Contents>

  /// Storage holding `todos`; new ones get ids after theirs.
  init(_ todos: [Todo] = []) {
    contents = Mutex(Contents(todos: todos, nextID: (todos.map(\.id).max() ?? 0) + 1))
  }

  /// The to-dos now.
  var todos: [Todo] { contents.withLock { $0.todos } }

  /// The storage the model is given.
  var storage: TodoStorage {
    TodoStorage(
      changes: { self.changes() },
      add: { title in
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw TodoStoreError.emptyTitle }
        return try self.write { contents in
          let todo = Todo(id: contents.nextID, title: title, createdAt: .distantPast)
          contents.nextID += 1
          contents.todos.append(todo)
          return todo
        }
      },
      setDone: { id, isDone in _ = try self.update(id) { $0.isDone = isDone } },
      rename: { id, title in try self.update(id) { $0.title = title } },
      delete: { id in
        try self.write { contents in
          guard let index = contents.todos.firstIndex(where: { $0.id == id }) else {
            throw TodoStoreError.notFound(id: id)
          }
          return contents.todos.remove(at: index)
        }
      },
      deleteCompleted: {
        try self.write { contents in
          let done = contents.todos.filter(\.isDone)
          contents.todos.removeAll(where: \.isDone)
          return done
        }
      },
      restore: { todos in
        try self.write { contents in
          contents.todos = (contents.todos + todos).sorted { $0.id < $1.id }
        }
      },
      setNote: { id, note in try self.update(id) { $0.note = note } })
  }

  /// Changes one to-do and returns it.
  private func update(_ id: Int64, _ change: (inout Todo) -> Void) throws -> Todo {
    try write { contents in
      guard let index = contents.todos.firstIndex(where: { $0.id == id }) else {
        throw TodoStoreError.notFound(id: id)
      }
      change(&contents.todos[index])
      return contents.todos[index]
    }
  }

  /// Applies `change`, then tells every watcher the new list.
  private func write<T: Sendable>(_ change: (inout Contents) throws -> T) throws -> T {
    let (result, list, watchers) = try contents.withLock { contents in
      let result = try change(&contents)
      return (result, TodoList(todos: contents.todos), Array(contents.watchers.values))
    }
    for watcher in watchers { watcher.yield(list) }
    return result
  }

  /// The list now, then after every write, until the iterating task is cancelled.
  private func changes() -> AsyncThrowingStream<TodoList, any Error> {
    let (stream, continuation) = AsyncThrowingStream<TodoList, any Error>.makeStream()
    let id = contents.withLock { contents in
      let id = contents.nextWatcher
      contents.nextWatcher += 1
      contents.watchers[id] = continuation
      continuation.yield(TodoList(todos: contents.todos))
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.contents.withLock { $0.watchers.removeValue(forKey: id) }
    }
    return stream
  }
}

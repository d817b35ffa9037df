/// Lays views out one after another along an axis; shared by ``VStack``, ``HStack`` and
/// ``ViewGroup``.
@MainActor
struct StackLayout {
  struct Child {
    let id: String
    let element: any Element
  }

  let axis: Axis
  let spacing: Int
  let alignment: Alignment

  /// Resolves `views`, splicing groups in; ids are positions, nested for groups, so a view
  /// keeps its id when a sibling inside an `if` appears or disappears.
  static func flatten(_ views: [any View]) -> [Child] {
    var result: [Child] = []
    for (index, view) in views.enumerated() {
      let id = String(index)
      let element = resolve(view)
      if let group = element as? ViewGroup {
        // The group resolved its children when it was made: splice those in under its id.
        result += group.items.map { Child(id: id + "." + $0.id, element: $0.element) }
      } else {
        result.append(Child(id: id, element: element))
      }
    }
    return result
  }

  func flex(_ children: [Child], _ context: RenderContext) -> Flex {
    context.withAxis(axis) {
      children.reduce(Flex.none) { $0.union($1.element.flex(axis, context)) }
    }
  }

  func measure(_ children: [Child], _ proposal: Size, _ context: RenderContext) -> Size {
    let frames = layout(
      children, in: Rect(x: 0, y: 0, width: proposal.width, height: proposal.height), context)
    let main = frames.reduce(spacing * max(0, children.count - 1)) { $0 + length($1.size) }
    // A child flexible across already has the whole cross length in its frame.
    let cross = frames.reduce(0) { max($0, crossLength($1.size)) }
    return orient(main: min(main, length(proposal)), cross: cross)
  }

  func draw(_ children: [Child], in rect: Rect, _ canvas: Canvas) {
    let frames = layout(children, in: rect, canvas.context)
    for (child, frame) in zip(children, frames) {
      canvas.draw(child.element, in: frame, id: child.id, axis: axis)
    }
  }

  private var crossAxis: Axis { axis == .vertical ? .horizontal : .vertical }

  private func length(_ size: Size) -> Int { axis == .vertical ? size.height : size.width }
  private func crossLength(_ size: Size) -> Int { axis == .vertical ? size.width : size.height }

  /// The size `main` long along the axis and `cross` across it.
  private func orient(main: Int, cross: Int) -> Size {
    axis == .vertical ? Size(width: cross, height: main) : Size(width: main, height: cross)
  }

  /// Fixed children get what they ask for, in order; flexible ones share what is left.
  private func layout(_ children: [Child], in rect: Rect, _ context: RenderContext) -> [Rect] {
    let crossSpace = crossLength(rect.size)
    var remaining = length(rect.size) - spacing * max(0, children.count - 1)
    var lengths = Array(repeating: 0, count: children.count)
    var crossLengths = Array(repeating: 0, count: children.count)
    var flexible: [Int] = []
    var flexes: [Flex] = []
    for (index, child) in children.enumerated() {
      let childFlex = context.withAxis(axis) { child.element.flex(axis, context) }
      flexes.append(childFlex)
      if childFlex.along(axis) {
        flexible.append(index)
        continue
      }
      let size = context.withAxis(axis) {
        child.element.measure(orient(main: max(0, remaining), cross: crossSpace), context)
      }
      lengths[index] = min(length(size), max(0, remaining))
      crossLengths[index] = crossLength(size)
      remaining -= lengths[index]
    }
    if !flexible.isEmpty {
      let share = max(0, remaining) / flexible.count
      var extra = max(0, remaining) % flexible.count
      for index in flexible {
        lengths[index] = share + (extra > 0 ? 1 : 0)
        extra -= 1
        let size = context.withAxis(axis) {
          children[index].element.measure(
            orient(main: lengths[index], cross: crossSpace), context)
        }
        crossLengths[index] = crossLength(size)
      }
    }
    var frames: [Rect] = []
    var position = axis == .vertical ? rect.y : rect.x
    for index in children.indices {
      let crossSize =
        flexes[index].along(crossAxis) ? crossSpace : min(crossLengths[index], crossSpace)
      let crossStart =
        (axis == .vertical ? rect.x : rect.y) + alignment.offset(free: crossSpace - crossSize)
      frames.append(
        axis == .vertical
          ? Rect(x: crossStart, y: position, width: crossSize, height: lengths[index])
          : Rect(x: position, y: crossStart, width: lengths[index], height: crossSize))
      position += lengths[index] + spacing
    }
    return frames
  }
}

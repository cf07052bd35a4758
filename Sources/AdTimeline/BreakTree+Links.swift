import MediaTime

extension BreakTree {
    /// The treap's relinking, over the nodes' storage as one buffer: a walk
    /// reads and rewrites links and aggregates with no uniqueness or bounds
    /// check per step (every slot it is given or reaches is in the buffer).
    /// Entries at one position stay in the order they entered, and a node's
    /// priority is never below its children's.
    struct Links {
        let nodes: UnsafeMutableBufferPointer<Node>

        /// `tree` with the leaf in `slot` linked in after every entry at or
        /// before its position: the walk goes down to where its priority
        /// ranks it, and splits only the subtree it takes the place of.
        func insert(_ slot: Int, into tree: Int?) -> Int {
            guard let tree else { return slot }
            if nodes[slot].priority > nodes[tree].priority {
                (nodes[slot].left, nodes[slot].right) = split(tree, at: nodes[slot].position)
                pull(slot)
                return slot
            }
            if nodes[tree].position <= nodes[slot].position {
                nodes[tree].right = insert(slot, into: nodes[tree].right)
            } else {
                nodes[tree].left = insert(slot, into: nodes[tree].left)
            }
            pull(tree)
            return tree
        }

        /// `tree` without `slot`: its two subtrees merged in its place, and
        /// the aggregates on the path to it recomputed as the recursion
        /// returns. One walk down, found by the slot's key (position, then
        /// sequence).
        func remove(_ slot: Int, from tree: Int?) -> Int? {
            guard let tree else { return nil }
            if tree == slot { return merge(nodes[tree].left, nodes[tree].right) }
            if precedes(tree, slot) {
                nodes[tree].right = remove(slot, from: nodes[tree].right)
            } else {
                nodes[tree].left = remove(slot, from: nodes[tree].left)
            }
            pull(tree)
            return tree
        }

        /// Recomputes the aggregates on the path from `tree` to `slot`, the
        /// deepest first, as the recursion returns: no path is stored.
        func pull(_ tree: Int?, downTo slot: Int) {
            guard let tree else { return }
            if tree != slot { pull(precedes(tree, slot) ? nodes[tree].right : nodes[tree].left, downTo: slot) }
            pull(tree)
        }

        /// Whether the node in `slot` comes before the one in `other`
        /// (position, then sequence), as the tree orders every entry.
        private func precedes(_ slot: Int, _ other: Int) -> Bool {
            BreakTree.precedes(nodes[slot], (nodes[other].position, nodes[other].sequence))
        }

        /// The node's subtree totals from its own and its children's.
        func pull(_ slot: Int) {
            var count = nodes[slot].ownCount
            var added = nodes[slot].ownAdded
            var stitched = nodes[slot].ownStitched
            if let left = nodes[slot].left {
                count += nodes[left].liveCount
                added += nodes[left].added
                stitched += nodes[left].stitched
            }
            if let right = nodes[slot].right {
                count += nodes[right].liveCount
                added += nodes[right].added
                stitched += nodes[right].stitched
            }
            nodes[slot].liveCount = count
            nodes[slot].added = added
            nodes[slot].stitched = stitched
        }

        /// Splits `tree` into the entries at or before `position` and the rest.
        private func split(_ tree: Int?, at position: ContentTime) -> (Int?, Int?) {
            guard let tree else { return (nil, nil) }
            if nodes[tree].position <= position {
                let (low, high) = split(nodes[tree].right, at: position)
                nodes[tree].right = low
                pull(tree)
                return (tree, high)
            }
            let (low, high) = split(nodes[tree].left, at: position)
            nodes[tree].left = high
            pull(tree)
            return (low, tree)
        }

        /// Joins two trees whose entries all lie before and after each other.
        private func merge(_ low: Int?, _ high: Int?) -> Int? {
            guard let low else { return high }
            guard let high else { return low }
            if nodes[low].priority > nodes[high].priority {
                nodes[low].right = merge(nodes[low].right, high)
                pull(low)
                return low
            }
            nodes[high].left = merge(low, nodes[high].left)
            pull(high)
            return high
        }
    }
}

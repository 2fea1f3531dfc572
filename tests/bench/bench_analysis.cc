// Benchmark of find_collective_mismatches on large generated functions
// (not a test: it prints timings).  A function is a random sequence of
// statements as structured code produces: blocks, if/else diamonds,
// switches, loops with and without `break', rank-dependent branches around
// collectives, nested a few levels deep.
//
//   bench-analysis              the three standard sizes
//   bench-analysis BLOCKS COLLS one size
#include "collective_mismatch.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

using namespace parcoach;

namespace {

class FunctionGenerator {
public:
  FunctionGenerator(int blocks, int collectives, unsigned seed)
      : blocks_(blocks), collectives_(collectives), rng_(seed) {}

  FunctionModel generate() {
    NodeId entry = new_node();
    NodeId current = entry;
    while (size() < blocks_ - 1)
      current = statement(current, 0);
    NodeId exit = new_node();
    edge(current, exit);
    model_.cfg.entry = entry;
    model_.cfg.exit = exit;
    return std::move(model_);
  }

  int collectives_placed() const { return placed_; }

private:
  static constexpr int max_depth = 3;
  static constexpr int collective_palette = 12; // first colours of the table

  int size() const { return static_cast<int>(model_.cfg.size()); }
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  NodeId new_node(bool conditional = false) {
    NodeId n = model_.cfg.add_node();
    model_.facts.push_back({});
    model_.facts[n].conditional = conditional;
    return n;
  }
  void edge(NodeId from, NodeId to) { model_.cfg.add_edge(from, to); }

  void make_collective(NodeId n) {
    model_.facts[n].collective = pick(1, collective_palette);
    ++placed_;
  }

  // A plain statement is a collective call with a probability that spreads
  // the remaining collectives over the remaining blocks, most of them
  // outside any construct, as in real code.
  NodeId plain(NodeId from, int depth) {
    NodeId n = new_node();
    edge(from, n);
    int blocks_left = std::max(1, blocks_ - size());
    int weight = depth == 0 ? 12 : 2;
    if (pick(0, blocks_left - 1) < weight * (collectives_ - placed_))
      make_collective(n);
    return n;
  }

  NodeId statement(NodeId from, int depth) {
    int kind = depth >= max_depth ? 0 : pick(0, 19);
    if (kind < 11)
      return plain(from, depth);
    if (kind < 14)
      return if_else(from, depth);
    if (kind < 15)
      return switch_statement(from, depth);
    if (kind < 17)
      return loop(from, depth);
    if (kind < 18)
      return rank_branch(from);
    return plain(from, depth);
  }

  NodeId block(NodeId from, int depth, int length) {
    for (int i = 0; i < length; ++i)
      from = statement(from, depth + 1);
    return from;
  }

  NodeId if_else(NodeId from, int depth) {
    NodeId test = new_node(true);
    edge(from, test);
    NodeId then_end = block(test, depth, pick(1, 4));
    NodeId else_end = block(test, depth, pick(0, 3));
    NodeId join = new_node();
    edge(then_end, join);
    edge(else_end, join);
    return join;
  }

  NodeId switch_statement(NodeId from, int depth) {
    NodeId test = new_node(true);
    edge(from, test);
    NodeId join = new_node();
    for (int cases = pick(3, 6); cases > 0; --cases)
      edge(block(test, depth, pick(1, 3)), join);
    return join;
  }

  // while (test) { body; [if (c) break;] more body; }
  NodeId loop(NodeId from, int depth) {
    NodeId header = new_node(true);
    edge(from, header);
    NodeId after = new_node();
    edge(header, after);
    NodeId end = block(header, depth, pick(1, 3));
    if (pick(0, 1)) {
      NodeId test = new_node(true);
      edge(end, test);
      edge(test, after);
      end = block(test, depth, pick(1, 2));
    }
    edge(end, header);
    return after;
  }

  // if (rank == 0) MPI_Xxx(...);  (just a block once collectives run out)
  NodeId rank_branch(NodeId from) {
    NodeId test = new_node(true);
    edge(from, test);
    NodeId call = new_node();
    if (placed_ < collectives_)
      make_collective(call);
    edge(test, call);
    NodeId join = new_node();
    edge(call, join);
    edge(test, join);
    return join;
  }

  int blocks_, collectives_, placed_ = 0;
  std::mt19937 rng_;
  FunctionModel model_;
};

void run(int blocks, int collectives) {
  FunctionGenerator generator(blocks, collectives, 12345u + blocks);
  FunctionModel model = generator.generate();
  // One untimed warm-up run (first touch of the heap), then best of 3.
  MismatchResult result = find_collective_mismatches(model);
  double best = 1e30;
  for (int round = 0; round < 3; ++round) {
    auto start = std::chrono::steady_clock::now();
    result = find_collective_mismatches(model);
    std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    best = std::min(best, took.count());
  }
  std::printf("analysis of %zu blocks, %d collectives: %.3f s (flagged %zu), "
              "%.2f us/block\n",
              model.cfg.size(), generator.collectives_placed(), best,
              result.flagged.size(), best * 1e6 / model.cfg.size());
}

} // namespace

int main(int argc, char **argv) {
  if (argc == 3) {
    run(std::atoi(argv[1]), std::atoi(argv[2]));
    return 0;
  }
  run(10000, 1000);
  run(50000, 2500);
  run(100000, 5000);
  return 0;
}

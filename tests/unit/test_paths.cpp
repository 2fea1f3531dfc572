// The sides of a conditional that the events of a diagnostic path name.
#include <catch2/catch.hpp>

#include "paths.h"

using namespace parcoach;

TEST_CASE("each call of an if/else lies on one side, the join on none", "[paths]") {
  // c: if; a: then; b: else; j: after both; x: after j.
  Graph cfg;
  NodeId c = cfg.add_node(), a = cfg.add_node(), b = cfg.add_node(), j = cfg.add_node(),
         x = cfg.add_node();
  cfg.add_edge(c, a);
  cfg.add_edge(c, b);
  cfg.add_edge(a, j);
  cfg.add_edge(b, j);
  cfg.add_edge(j, x);
  CHECK(branch_sides(cfg, c, {a, b, j, x}) == std::vector<int>{0, 1, -1, -1});
  // An `if' without else: the join is the second side itself.
  Graph half;
  NodeId h = half.add_node(), then = half.add_node(), after = half.add_node();
  half.add_edge(h, then);
  half.add_edge(h, after);
  half.add_edge(then, after);
  CHECK(branch_sides(half, h, {then, after}) == std::vector<int>{0, -1});
}

TEST_CASE("a loop's body is one side of its exit test, without going round", "[paths]") {
  Graph cfg;
  NodeId entry = cfg.add_node(), test = cfg.add_node(), body = cfg.add_node(),
         out = cfg.add_node();
  cfg.add_edge(entry, test);
  cfg.add_edge(test, body);
  cfg.add_edge(body, test);
  cfg.add_edge(test, out);
  CHECK(branch_sides(cfg, test, {body, out, entry}) == std::vector<int>{0, 1, -1});
}

TEST_CASE("a switch has as many sides as successors; shared cases count for none",
          "[paths]") {
  Graph cfg;
  NodeId s = cfg.add_node(), one = cfg.add_node(), two = cfg.add_node(), shared = cfg.add_node();
  cfg.add_edge(s, one);
  cfg.add_edge(s, two);
  cfg.add_edge(s, shared);
  cfg.add_edge(one, shared); // fall-through into the next case
  CHECK(branch_sides(cfg, s, {one, two, shared}) == std::vector<int>{0, 1, -1});
}

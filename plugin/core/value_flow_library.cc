#include "value_flow_library.h"

#include <cstring>
#include <initializer_list>
#include <map>
#include <string>

namespace parcoach {

namespace {

// ------------------------------------------------------------ MPI

// An output the same on every process of `communicator'.
LibraryFunction mpi_uniform(const char *name, int arguments, int communicator, int output,
                            const char *phrase, int count = -1) {
  LibraryFunction f{name, LibraryKind::Mpi};
  f.count = count;
  f.datatype = count >= 0 ? count + 1 : -1; // (buffer, count, datatype) in every binding
  f.arguments = arguments;
  f.communicator = communicator;
  f.uniform_output = output;
  f.uniform_phrase = phrase;
  f.inputs_only = true;
  return f;
}

// Outputs that may differ (none: the call only reads its pointers).
LibraryFunction mpi_differing(const char *name, int arguments, std::initializer_list<int> outputs,
                              const char *phrase = "") {
  LibraryFunction f{name, LibraryKind::Mpi};
  f.arguments = arguments;
  f.inputs_only = true;
  int k = 0;
  for (int output : outputs)
    if (k < 4)
      f.differing_outputs[k++] = output;
  f.phrase = phrase;
  return f;
}

LibraryFunction new_communicator(const char *name, int arguments, int output) {
  LibraryFunction f = mpi_differing(name, arguments, {output});
  f.new_communicator = output;
  return f;
}

// A new communicator every process of `communicator' that gets one shares
// (a copy of it, a Cartesian or graph topology on it): what a collective
// on it gives is the same on every process holding it.  Processes left
// out of a Cartesian grid get MPI_COMM_NULL, and a test of it stays
// understood (communicator_membership.h).
LibraryFunction shared_communicator(const char *name, int arguments, int communicator,
                                    int output) {
  LibraryFunction f = mpi_uniform(name, arguments, communicator, output, "comes from");
  f.new_communicator = output;
  return f;
}

LibraryFunction mpi_error_handler(const char *name, int arguments) {
  LibraryFunction f = mpi_differing(name, arguments, {});
  f.installs_error_handler = true;
  return f;
}

// ------------------------------------------------------------ others

LibraryFunction source(const char *name, const char *phrase = "", unsigned first_output = 0) {
  LibraryFunction f{name, LibraryKind::Source};
  f.phrase = phrase;
  f.first_output = first_output;
  return f;
}

// Differs between threads only (the thread number, the thread tests
// OpenMP lowering emits): the same for the thread of the same number in
// every process.
LibraryFunction thread_source(const char *name) {
  LibraryFunction f = source(name);
  f.process_source = false;
  return f;
}

LibraryFunction process_source(const char *name) {
  LibraryFunction f = source(name);
  f.thread_source = false;
  f.inputs_only = true;
  return f;
}

LibraryFunction of_kind(const char *name, LibraryKind kind) {
  return LibraryFunction{name, kind};
}

std::map<std::string, LibraryFunction> make_table() {
  std::map<std::string, LibraryFunction> table;
  auto add = [&](const LibraryFunction &f) { table[f.name] = f; };

  // MPI: the outputs the standard defines as identical on every process
  // of the communicator.
  // The size of a communicator, and the rank of the calling process in
  // it, which lies in [0, size): comparisons that range decides are the
  // same everywhere.  (MPI_Group_rank may give MPI_UNDEFINED: not a rank.)
  LibraryFunction comm_size = mpi_uniform("mpi_comm_size", 2, 0, 1, "comes from");
  comm_size.quantity_output = 1;
  comm_size.quantity = ValueFlowQuantity::Kind::Size;
  add(comm_size);
  LibraryFunction comm_rank = mpi_differing("mpi_comm_rank", 2, {1});
  comm_rank.communicator = 0;
  comm_rank.quantity_output = 1;
  comm_rank.quantity = ValueFlowQuantity::Kind::Rank;
  add(comm_rank);
  add(mpi_uniform("mpi_comm_remote_size", 2, 0, 1, "comes from"));
  add(mpi_uniform("mpi_group_size", 2, 0, 1, "comes from"));
  add(mpi_uniform("mpi_comm_dup", 2, 0, 1, "comes from"));
  add(mpi_uniform("mpi_comm_dup_with_info", 3, 0, 2, "comes from"));
  add(mpi_uniform("mpi_comm_group", 2, 0, 1, "comes from"));
  add(mpi_uniform("mpi_type_size", 2, 0, 1, "comes from"));
  add(mpi_uniform("mpi_bcast", 5, 4, 0, "is broadcast by", 1));
  add(mpi_uniform("mpi_allreduce", 6, 5, 1, "is reduced by", 2));
  add(mpi_uniform("mpi_allgather", 7, 6, 3, "is gathered by"));
  add(mpi_uniform("mpi_allgatherv", 8, 7, 3, "is gathered by"));
  // Their nonblocking forms write the same data, by the time the request
  // completes: reading it before is an error the runtime's buffer checks
  // stop (rtlib/DESIGN), so the data is taken as written at the call.
  // The request differs.
  auto nonblocking = [](LibraryFunction f) {
    f.differing_outputs[0] = f.arguments - 1;
    return f;
  };
  add(nonblocking(mpi_uniform("mpi_ibcast", 6, 4, 0, "is broadcast by", 1)));
  add(nonblocking(mpi_uniform("mpi_iallreduce", 7, 5, 1, "is reduced by", 2)));
  add(nonblocking(mpi_uniform("mpi_iallgather", 8, 6, 3, "is gathered by")));
  add(nonblocking(mpi_uniform("mpi_iallgatherv", 9, 7, 3, "is gathered by")));
  add(nonblocking(mpi_uniform("mpi_comm_idup", 3, 0, 1, "comes from")));
  // Local computations on the arguments.
  LibraryFunction dims = mpi_differing("mpi_dims_create", 3, {});
  dims.derived_output = 2;
  add(dims);
  LibraryFunction cart_rank = mpi_differing("mpi_cart_rank", 3, {});
  cart_rank.derived_output = 2;
  add(cart_rank);
  add(mpi_uniform("mpi_cartdim_get", 2, 0, 1, "comes from"));
  // Properties of the communicator every member shares: whether it is an
  // intercommunicator, its topology, a grid's extents (not the caller's
  // coordinates; the periods, not listed, keep what they held: they are
  // the same everywhere when that is).
  add(mpi_uniform("mpi_comm_test_inter", 2, 0, 1, "comes from"));
  add(mpi_uniform("mpi_topo_test", 2, 0, 1, "comes from"));
  LibraryFunction cart_get = mpi_uniform("mpi_cart_get", 5, 0, 2, "comes from");
  cart_get.differing_outputs[0] = 4;
  add(cart_get);
  // A datatype's extent, as its size (the lower bound: may differ).
  for (const char *name : {"mpi_type_get_extent", "mpi_type_get_true_extent"}) {
    LibraryFunction extent = mpi_uniform(name, 3, 0, 2, "comes from");
    extent.differing_outputs[0] = 1;
    add(extent);
  }
  // A user reduction made from the same function on every process is the
  // same operation (its handle may still differ in value: Open MPI's are
  // pointers); a choice between it and another by rank stays a rank
  // difference instead of an unknown.
  LibraryFunction op_create = mpi_differing("mpi_op_create", 3, {});
  op_create.derived_output = 2;
  add(op_create);
  // The thread level granted: the same on every process that requested
  // the same level (argument 2 stands for the processes that agree).  The
  // standard lets processes request different levels; for one request,
  // the level is a property of the MPI library the job runs (MPICH and
  // Open MPI decide it once, from how they were built and configured).
  add(mpi_uniform("mpi_init_thread", 4, 2, 3,
                  "is the thread level every process requesting the same one gets from"));
  // Outputs that differ: ranks, received data, results only some
  // processes get or that differ by rank (reduce: at the root only; scan,
  // scatter, alltoall: one part per rank).
  add(mpi_differing("mpi_group_rank", 2, {1}));
  // New communicators: which one a process holds differs (members of
  // different colours, MPI_COMM_NULL outside), but its members share it.
  LibraryFunction split = new_communicator("mpi_comm_split", 4, 3);
  split.split_colour = 1;
  add(split);
  add(new_communicator("mpi_comm_split_type", 5, 4));
  add(new_communicator("mpi_comm_create", 3, 2));
  add(shared_communicator("mpi_cart_create", 6, 0, 5));
  add(shared_communicator("mpi_graph_create", 6, 0, 5));
  add(shared_communicator("mpi_dist_graph_create", 9, 0, 8));
  add(shared_communicator("mpi_dist_graph_create_adjacent", 10, 0, 9));
  add(new_communicator("mpi_cart_sub", 3, 2));
  add(mpi_differing("mpi_cart_shift", 5, {3, 4}));
  LibraryFunction coords = mpi_differing("mpi_cart_coords", 4, {});
  coords.derived_output = 3; // from the rank it is given
  add(coords);
  add(mpi_differing("mpi_recv", 7, {0, 6}, "data received by"));
  add(mpi_differing("mpi_irecv", 7, {0, 6}, "data received by"));
  add(mpi_differing("mpi_sendrecv", 12, {5, 11}, "data received by"));
  add(mpi_differing("mpi_sendrecv_replace", 9, {0, 8}, "data received by"));
  add(mpi_differing("mpi_mrecv", 5, {0, 4}, "data received by"));
  add(mpi_differing("mpi_probe", 4, {3}));
  add(mpi_differing("mpi_iprobe", 5, {3, 4}));
  // The nonblocking collectives without an output every process shares,
  // and the neighbourhood ones (each process its own neighbours' data).
  add(mpi_differing("mpi_ibarrier", 2, {1}));
  add(mpi_differing("mpi_ireduce", 8, {1, 7}, "the root-only result of"));
  add(mpi_differing("mpi_igather", 9, {3, 8}, "the root-only result of"));
  add(mpi_differing("mpi_igatherv", 10, {3, 9}, "the root-only result of"));
  add(mpi_differing("mpi_iscatter", 9, {3, 8}, "the per-rank data of"));
  add(mpi_differing("mpi_iscatterv", 10, {4, 9}, "the per-rank data of"));
  add(mpi_differing("mpi_ialltoall", 8, {3, 7}, "the per-rank data of"));
  add(mpi_differing("mpi_ialltoallv", 10, {4, 9}, "the per-rank data of"));
  add(mpi_differing("mpi_iscan", 7, {1, 6}, "the per-rank prefix of"));
  add(mpi_differing("mpi_iexscan", 7, {1, 6}, "the per-rank prefix of"));
  add(mpi_differing("mpi_ireduce_scatter_block", 7, {1, 6}, "the per-rank data of"));
  for (const char *name : {"mpi_neighbor_allgather", "mpi_neighbor_alltoall"})
    add(mpi_differing(name, 7, {3}, "the per-rank data of"));
  add(mpi_differing("mpi_neighbor_allgatherv", 8, {3}, "the per-rank data of"));
  add(mpi_differing("mpi_neighbor_alltoallv", 9, {4}, "the per-rank data of"));
  // Persistent requests and the other completions.
  for (const char *name : {"mpi_send_init", "mpi_ssend_init", "mpi_bsend_init", "mpi_rsend_init"})
    add(mpi_differing(name, 7, {6}));
  add(mpi_differing("mpi_recv_init", 7, {0, 6}, "data received by"));
  add(mpi_differing("mpi_start", 1, {0}));
  add(mpi_differing("mpi_startall", 2, {1}));
  add(mpi_differing("mpi_request_free", 1, {0}));
  add(mpi_differing("mpi_testany", 5, {1, 2, 3, 4}));
  add(mpi_differing("mpi_testsome", 5, {1, 2, 3, 4}));
  add(mpi_differing("mpi_waitsome", 5, {1, 2, 3, 4}));
  // MPI-IO: only the file handle, the status, the request and the data
  // read are written (Fortran passes the communicator, the name and the
  // info by reference too: they stay as they were).
  add(mpi_differing("mpi_file_open", 5, {4}));
  add(mpi_differing("mpi_file_close", 1, {0}));
  add(mpi_differing("mpi_file_delete", 2, {}));
  add(mpi_differing("mpi_file_set_view", 6, {}));
  add(mpi_differing("mpi_file_get_view", 5, {1, 2, 3, 4}));
  for (const char *name : {"mpi_file_set_size", "mpi_file_preallocate", "mpi_file_set_atomicity"})
    add(mpi_differing(name, 2, {}));
  add(mpi_differing("mpi_file_get_size", 2, {1}));
  add(mpi_differing("mpi_file_get_position", 2, {1}));
  add(mpi_differing("mpi_file_seek", 3, {}));
  add(mpi_differing("mpi_file_seek_shared", 3, {}));
  add(mpi_differing("mpi_file_sync", 1, {}));
  for (const char *name : {"mpi_file_write", "mpi_file_write_all", "mpi_file_write_shared",
                           "mpi_file_write_ordered", "mpi_file_iwrite", "mpi_file_iwrite_all",
                           "mpi_file_iwrite_shared"})
    add(mpi_differing(name, 5, {4}));
  for (const char *name : {"mpi_file_write_at", "mpi_file_write_at_all", "mpi_file_iwrite_at",
                           "mpi_file_iwrite_at_all"})
    add(mpi_differing(name, 6, {5}));
  for (const char *name : {"mpi_file_read", "mpi_file_read_all", "mpi_file_read_shared",
                           "mpi_file_read_ordered", "mpi_file_iread", "mpi_file_iread_all",
                           "mpi_file_iread_shared"})
    add(mpi_differing(name, 5, {1, 4}, "data read by"));
  for (const char *name : {"mpi_file_read_at", "mpi_file_read_at_all", "mpi_file_iread_at",
                           "mpi_file_iread_at_all"})
    add(mpi_differing(name, 6, {2, 5}, "data read by"));
  // One-sided communication: the window handle, what a get or a fetch
  // brings back, the request.  (What other processes put into the
  // window's memory is not followed, here as before.)
  add(mpi_differing("mpi_win_create", 6, {5}));
  add(mpi_differing("mpi_win_allocate", 6, {4, 5}));
  add(mpi_differing("mpi_win_allocate_shared", 6, {4, 5}));
  add(mpi_differing("mpi_win_create_dynamic", 3, {2}));
  add(mpi_differing("mpi_win_shared_query", 5, {2, 3, 4}));
  add(mpi_differing("mpi_win_free", 1, {0}));
  for (const char *name : {"mpi_win_fence", "mpi_win_unlock", "mpi_win_lock_all",
                           "mpi_win_flush", "mpi_win_flush_local", "mpi_win_detach"})
    add(mpi_differing(name, 2, {}));
  for (const char *name : {"mpi_win_unlock_all", "mpi_win_flush_all", "mpi_win_flush_local_all",
                           "mpi_win_sync", "mpi_win_complete", "mpi_win_wait"})
    add(mpi_differing(name, 1, {}));
  for (const char *name : {"mpi_win_post", "mpi_win_start", "mpi_win_attach"})
    add(mpi_differing(name, 3, {}));
  add(mpi_differing("mpi_win_lock", 4, {}));
  add(mpi_differing("mpi_put", 8, {}));
  add(mpi_differing("mpi_get", 8, {0}, "data read by"));
  add(mpi_differing("mpi_accumulate", 9, {}));
  add(mpi_differing("mpi_get_accumulate", 12, {3}, "data read by"));
  add(mpi_differing("mpi_fetch_and_op", 7, {1}, "data read by"));
  add(mpi_differing("mpi_compare_and_swap", 7, {2}, "data read by"));
  add(mpi_differing("mpi_rput", 9, {8}));
  add(mpi_differing("mpi_rget", 9, {0, 8}, "data read by"));
  add(mpi_differing("mpi_raccumulate", 10, {9}));
  add(mpi_differing("mpi_rget_accumulate", 13, {3, 12}, "data read by"));
  // Derived datatypes: the new type's handle only.
  add(mpi_differing("mpi_type_contiguous", 3, {2}));
  for (const char *name : {"mpi_type_vector", "mpi_type_hvector", "mpi_type_create_hvector",
                           "mpi_type_indexed", "mpi_type_hindexed", "mpi_type_create_hindexed",
                           "mpi_type_create_indexed_block", "mpi_type_create_hindexed_block",
                           "mpi_type_struct", "mpi_type_create_struct"})
    add(mpi_differing(name, 5, {4}));
  add(mpi_differing("mpi_type_create_subarray", 7, {6}));
  add(mpi_differing("mpi_type_create_darray", 10, {9}));
  add(mpi_differing("mpi_type_create_resized", 4, {3}));
  add(mpi_differing("mpi_type_dup", 2, {1}));
  add(mpi_differing("mpi_get_address", 2, {1}));
  add(mpi_differing("mpi_pack", 7, {3, 5}));
  add(mpi_differing("mpi_unpack", 7, {2, 3}));
  add(mpi_differing("mpi_pack_size", 4, {3}));
  // Groups, attributes, queries.
  for (const char *name : {"mpi_group_incl", "mpi_group_excl", "mpi_group_range_incl",
                           "mpi_group_range_excl"})
    add(mpi_differing(name, 4, {3}));
  for (const char *name : {"mpi_group_union", "mpi_group_intersection", "mpi_group_difference",
                           "mpi_group_compare", "mpi_comm_compare"})
    add(mpi_differing(name, 3, {2}));
  add(mpi_differing("mpi_group_translate_ranks", 5, {4}));
  // Whether a communicator holds an attribute (the flag) is the same on
  // every process where attributes are cached collectively, as a library
  // caching its duplicate on the user's communicator does (PETSc's
  // PetscCommDuplicate idiom); the attribute's value may differ (MPI_IO,
  // MPI_APPNUM, what each process stored).
  for (const char *name : {"mpi_comm_get_attr", "mpi_attr_get"}) {
    LibraryFunction get_attr = mpi_uniform(name, 4, 0, 3, "comes from");
    get_attr.differing_outputs[0] = 2;
    add(get_attr);
  }
  add(mpi_differing("mpi_comm_set_name", 2, {}));
  add(mpi_differing("mpi_comm_get_name", 3, {1, 2}));
  // Whether MPI is initialised or finalised is the same on every process
  // at any point of a correct program (MPI_Init and MPI_Finalize are
  // collective); MPI_Is_thread_main picks one thread in every process.
  for (const char *name : {"mpi_initialized", "mpi_finalized"})
    add(mpi_uniform(name, 1, -1, 0, "comes from"));
  add(mpi_differing("mpi_query_thread", 1, {0}));
  LibraryFunction thread_main = mpi_differing("mpi_is_thread_main", 1, {0});
  thread_main.process_source = false;
  add(thread_main);
  add(mpi_differing("mpi_error_string", 3, {1, 2}));
  add(mpi_differing("mpi_error_class", 2, {1}));
  add(mpi_differing("mpi_get_version", 2, {0, 1}));
  add(mpi_differing("mpi_get_library_version", 2, {0, 1}));
  add(mpi_differing("mpi_info_create", 1, {0}));
  add(mpi_differing("mpi_info_free", 1, {0}));
  add(mpi_differing("mpi_info_set", 3, {}));
  add(mpi_differing("mpi_info_get", 5, {3, 4}));
  add(mpi_differing("mpi_buffer_attach", 2, {}));
  add(mpi_differing("mpi_buffer_detach", 2, {0, 1}));
  add(mpi_differing("mpi_intercomm_create", 6, {5}));
  add(mpi_differing("mpi_intercomm_merge", 3, {2}));
  add(mpi_differing("mpi_wait", 2, {0, 1}));
  add(mpi_differing("mpi_waitall", 3, {1, 2}));
  add(mpi_differing("mpi_waitany", 4, {1, 2, 3}));
  add(mpi_differing("mpi_test", 3, {0, 1, 2}));
  add(mpi_differing("mpi_testall", 4, {1, 2, 3}));
  add(mpi_differing("mpi_get_count", 3, {2}));
  add(mpi_differing("mpi_reduce", 7, {1}, "the root-only result of"));
  add(mpi_differing("mpi_gather", 8, {3}, "the root-only result of"));
  add(mpi_differing("mpi_gatherv", 9, {3}, "the root-only result of"));
  add(mpi_differing("mpi_scatter", 8, {3}, "the per-rank data of"));
  add(mpi_differing("mpi_scatterv", 9, {4}, "the per-rank data of"));
  add(mpi_differing("mpi_alltoall", 7, {3}, "the per-rank data of"));
  add(mpi_differing("mpi_alltoallv", 9, {4}, "the per-rank data of"));
  add(mpi_differing("mpi_alltoallw", 9, {4}, "the per-rank data of"));
  add(mpi_differing("mpi_reduce_scatter", 6, {1}, "the per-rank data of"));
  add(mpi_differing("mpi_reduce_scatter_block", 6, {1}, "the per-rank data of"));
  add(mpi_differing("mpi_scan", 6, {1}, "the per-rank prefix of"));
  add(mpi_differing("mpi_exscan", 6, {1}, "the per-rank prefix of"));
  add(mpi_differing("mpi_get_processor_name", 2, {0, 1}));
  // Only read their pointer arguments (requests excepted).
  for (const char *name : {"mpi_send", "mpi_ssend", "mpi_bsend", "mpi_rsend"})
    add(mpi_differing(name, 6, {}));
  for (const char *name : {"mpi_isend", "mpi_issend", "mpi_ibsend", "mpi_irsend"})
    add(mpi_differing(name, 7, {6}));
  add(mpi_differing("mpi_barrier", 1, {}));
  add(mpi_differing("mpi_init", 2, {}));
  add(mpi_differing("mpi_finalize", 0, {}));
  add(mpi_differing("mpi_abort", 2, {}));
  // Sets the handle to MPI_COMM_NULL: a write (communicator_membership.h),
  // the same on every process that held the communicator.
  LibraryFunction comm_free = mpi_differing("mpi_comm_free", 1, {});
  comm_free.derived_output = 0;
  add(comm_free);
  add(mpi_differing("mpi_group_free", 1, {}));
  add(mpi_differing("mpi_type_commit", 1, {}));
  add(mpi_differing("mpi_type_free", 1, {}));
  add(mpi_differing("mpi_op_free", 1, {}));
  LibraryFunction wtime = mpi_differing("mpi_wtime", 0, {});
  wtime.result_differs = true;
  add(wtime);
  for (const char *name : {"mpi_comm_set_errhandler", "mpi_errhandler_set",
                           "mpi_file_set_errhandler", "mpi_win_set_errhandler",
                           "mpi_session_set_errhandler"})
    add(mpi_error_handler(name, 2));

  // The C library's sources of difference between processes.
  for (const char *name : {"rand", "random", "rand_r", "drand48", "erand48", "lrand48",
                           "nrand48", "mrand48", "jrand48", "srand", "time", "clock",
                           "gettimeofday", "clock_gettime", "getpid", "getppid", "gettid",
                           "getuid", "gethostid", "gethostname", "getenv", "secure_getenv",
                           "omp_get_wtime", "getrusage", "times", "uname", "sysconf",
                           "setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp", "vfork", "fork"})
    add(source(name));
  for (const char *name : {"fread", "read", "pread", "fgets", "fgetc", "getc", "getchar",
                           "getline", "getdelim", "fopen", "open", "feof", "ferror",
                           "readdir", "stat", "fstat", "access", "ftell"})
    add(source(name, "data read by"));
  add(source("scanf", "data read by", 1));
  add(source("fscanf", "data read by", 2));
  add(source("sscanf", "data read by", 2));
  add(source("__isoc99_scanf", "data read by", 1));
  add(source("__isoc99_fscanf", "data read by", 2));
  add(source("__isoc99_sscanf", "data read by", 2));
  // gfortran's I/O statements: they fill IOSTAT=, EXIST=, SIZE=... through
  // the parameter block; a namelist READ registers its variables first.
  for (const char *name : {"_gfortran_st_read", "_gfortran_st_read_done", "_gfortran_st_write",
                           "_gfortran_st_write_done", "_gfortran_st_open", "_gfortran_st_close",
                           "_gfortran_st_inquire", "_gfortran_st_rewind",
                           "_gfortran_st_backspace", "_gfortran_st_endfile", "_gfortran_st_flush",
                           "_gfortran_st_wait", "_gfortran_st_wait_async"}) {
    LibraryFunction io = source(name, "the I/O status set by");
    io.deep = true;
    add(io);
  }
  add(source("_gfortran_st_set_nml_var", "data read by a namelist READ through", 1));
  add(source("_gfortran_st_set_nml_dtio_var", "data read by a namelist READ through", 1));
  // gfortran's runtime: READ statements, random_number, clocks,
  // get_environment_variable.
  for (const char *name : {"_gfortran_transfer_integer", "_gfortran_transfer_real",
                           "_gfortran_transfer_character", "_gfortran_transfer_logical",
                           "_gfortran_transfer_complex", "_gfortran_transfer_array",
                           "_gfortran_transfer_derived"})
    add(source(name, "data read by a READ statement through", 1));
  for (const char *name : {"_gfortran_random_r4", "_gfortran_random_r8",
                           "_gfortran_arandom_r4", "_gfortran_arandom_r8",
                           "_gfortran_cpu_time_4", "_gfortran_cpu_time_8",
                           "_gfortran_system_clock_4", "_gfortran_system_clock_8",
                           "_gfortran_date_and_time", "_gfortran_get_environment_variable_i4",
                           "_gfortran_get_environment_variable_i8", "_gfortran_getarg_i4",
                           "_gfortran_get_command_argument_i4", "_gfortran_getenv"})
    add(source(name));
  // OpenMP: the thread number and the tests lowering builds on it.
  for (const char *name : {"omp_get_thread_num", "gomp_single_start", "gomp_single_copy_start",
                           "gomp_sections_start", "gomp_sections_next", "gomp_loop_static_start",
                           "gomp_loop_dynamic_start", "gomp_loop_guided_start",
                           "gomp_loop_runtime_start", "gomp_loop_static_next",
                           "gomp_loop_dynamic_next", "gomp_loop_guided_next",
                           "gomp_loop_runtime_next"})
    add(thread_source(name));
  // The team size may differ between processes (their environments), not
  // between the threads of a team.
  for (const char *name : {"omp_get_num_threads", "omp_get_max_threads", "omp_get_num_procs",
                           "omp_in_parallel", "omp_get_level", "omp_get_active_level",
                           "omp_get_team_size", "omp_get_max_active_levels",
                           "omp_get_thread_limit", "omp_get_dynamic", "omp_get_nested",
                           "omp_get_cancellation", "omp_get_max_task_priority"})
    add(process_source(name));

  // The conversions GCC has no builtin for (strlen, strcmp, abs... are
  // builtins): their result, and the end pointer they store, come from
  // the string.
  for (const char *name : {"atoi", "atol", "atoll", "atof", "strtol", "strtoul", "strtoll",
                           "strtoull", "strtod", "strtof", "strtold", "strtoimax", "strtoumax",
                           "__isoc23_strtol", "__isoc23_strtoul", "__isoc23_strtoll",
                           "__isoc23_strtoull"})
    add(of_kind(name, LibraryKind::Deterministic));
  // gfortran's character intrinsics and SELECT CASE on a string: results
  // computed from their arguments only, which they read (LEN_TRIM, INDEX,
  // comparisons...) or of which they write the result string only
  // (TRIM: its length and pointer; // and ADJUSTL/R: the destination).
  for (const char *name : {"_gfortran_string_len_trim", "_gfortran_compare_string",
                           "_gfortran_string_index", "_gfortran_string_scan",
                           "_gfortran_string_verify", "_gfortran_select_string"}) {
    LibraryFunction reads = of_kind(name, LibraryKind::Deterministic);
    reads.inputs_only = true;
    add(reads);
  }
  for (auto written : {std::make_pair("_gfortran_string_trim", 0),
                       std::make_pair("_gfortran_concat_string", 1),
                       std::make_pair("_gfortran_adjustl", 0),
                       std::make_pair("_gfortran_adjustr", 0)}) {
    LibraryFunction builds = of_kind(written.first, LibraryKind::Deterministic);
    builds.deterministic_outputs[0] = written.second;
    if (written.second == 0 && std::string(written.first) == "_gfortran_string_trim")
      builds.deterministic_outputs[1] = 1;
    add(builds);
  }

  // The C++ library's streams and strings (libstdc++ compiles most of
  // them for char and wchar_t in its own objects: extern templates whose
  // bodies the unit lacks at -O0, and often at -O2).  Extracting from a
  // stream (operator>>, _M_extract, get, getline, read, std::getline),
  // building one on a string (std::istringstream), writing into one, the
  // out-of-line parts of std::string and of the red-black tree of
  // std::map: what they return and write comes from the stream, the
  // strings and the other arguments, like atoi's.  The locale the streams
  // use is the global one, taken as the same everywhere (a program that
  // sets it from its environment on some processes only is not seen).
  // The members of the stream classes are known over their bodies (full
  // of virtual calls to the stream buffer): no template of theirs runs the
  // program's code.  The others only where the unit has no body, where
  // the body is of libstdc++'s own instantiation (`extern template': the
  // GIMPLE side's DECL_EXTERNAL) or where every parameter is of a library
  // type (takes_only_library_types), so that an instantiation for the
  // program's types (operator>> on an rvalue stream, which calls the
  // program's operator>>; a string built from the program's iterators)
  // is analysed from its body.
  for (const char *name : {"std::basic_istream::*", "std::basic_ostream::*",
                           "std::basic_iostream::*", "std::basic_ios::*", "std::ios_base::*",
                           "std::basic_streambuf::*", "std::basic_stringbuf::*",
                           "std::basic_istringstream::*", "std::basic_ostringstream::*",
                           "std::basic_stringstream::*", "std::ctype::*"}) {
    LibraryFunction stream = of_kind(name, LibraryKind::Deterministic);
    stream.over_body = true;
    add(stream);
  }
  for (const char *name : {"std::basic_string::*", "std::allocator::*", "std::locale::locale", "std::locale::~locale",
                           "std::locale::operator=", "std::locale::classic",
                           "std::getline", "std::operator>>", "std::operator<<", "std::ws",
                           "std::__istream_extract", "std::__ostream_insert",
                           "std::_Rb_tree_increment", "std::_Rb_tree_decrement",
                           // The exceptions their errors throw (what() is the message).
                           "std::exception::*", "std::logic_error::*",
                           "std::runtime_error::*", "std::invalid_argument::*",
                           "std::out_of_range::*", "std::length_error::*",
                           "std::domain_error::*", "std::range_error::*",
                           "std::overflow_error::*", "std::underflow_error::*"})
    add(of_kind(name, LibraryKind::Deterministic));
  for (const char *name : {"std::_Rb_tree_insert_and_rebalance", "std::_Rb_tree_rebalance_for_erase"}) {
    LibraryFunction tree = of_kind(name, LibraryKind::Deterministic);
    tree.links_arguments = true;
    add(tree);
  }
  // The braces of a range-for or of a constructor's argument: begin(),
  // end() and size() of the array the compiler made, which they point
  // into; no program code runs there, whatever the element type.
  {
    LibraryFunction list = of_kind("std::initializer_list::*", LibraryKind::Deterministic);
    list.over_body = true;
    list.inputs_only = true;
    add(list);
  }
  // Throw: return to no caller.
  for (const char *name : {"std::__throw_bad_alloc", "std::__throw_bad_array_new_length",
                           "std::__throw_bad_cast", "std::__throw_invalid_argument",
                           "std::__throw_length_error", "std::__throw_logic_error",
                           "std::__throw_out_of_range", "std::__throw_out_of_range_fmt",
                           "std::__throw_runtime_error", "std::__throw_range_error",
                           "std::__throw_overflow_error", "std::__throw_ios_failure"})
    add(of_kind(name, LibraryKind::InputsOnly));
  // The conversions of <string>: inline, but through a pointer to strtol
  // & co. (__gnu_cxx::__stoa) the analysis would not follow.
  for (const char *name : {"std::stoi", "std::stol", "std::stoul", "std::stoll", "std::stoull",
                           "std::stof", "std::stod", "std::stold"}) {
    LibraryFunction conversion = of_kind(name, LibraryKind::Deterministic);
    conversion.over_body = true;
    add(conversion);
  }
  // What only passes its argument on (calls that stay at -O0, where GCC
  // does not fold them), whatever the type.
  for (const char *name : {"std::move", "std::forward", "std::move_if_noexcept", "std::addressof",
                           "std::__addressof", "std::as_const"}) {
    LibraryFunction pass = of_kind(name, LibraryKind::Deterministic);
    pass.over_body = true;
    pass.inputs_only = true;
    add(pass);
  }
  // But a file stream reads a file, as fread does: every member of
  // std::ifstream, std::fstream and their buffer writes what its `this'
  // points to with data that may differ (what a stream on it extracts
  // then differs too), and the inline ones are known before their bodies
  // (the constructor that opens the file).  std::cin reads the standard
  // input: an object of the library's own file, which may hold anything.
  for (const char *name : {"std::basic_ifstream::*", "std::basic_fstream::*",
                           "std::basic_filebuf::*"}) {
    LibraryFunction file = source(name, "data read by");
    file.differing_outputs[0] = 0;
    file.over_body = true;
    add(file);
  }
  for (const char *name : {"memcpy", "memmove", "strcpy", "strncpy", "strcat", "strncat",
                           "sprintf", "snprintf", "memset", "stpcpy"})
    add(of_kind(name, LibraryKind::Memory));
  for (const char *name : {"malloc", "calloc", "realloc", "aligned_alloc", "alloca",
                           "alloca_with_align", "operator new", "operator new []", "strdup"})
    add(of_kind(name, LibraryKind::Allocation));
  for (const char *name : {"printf", "fprintf", "puts", "fputs", "putchar", "fputc", "putc",
                           "fflush", "fclose", "fwrite", "write", "perror", "free",
                           "operator delete", "operator delete []", "exit", "abort",
                           "_gfortran_transfer_integer_write", "_gfortran_transfer_real_write",
                           "_gfortran_transfer_character_write",
                           "_gfortran_transfer_logical_write", "_gfortran_transfer_complex_write",
                           "_gfortran_transfer_array_write", "_gfortran_set_args",
                           "_gfortran_set_options", "_gfortran_stop_string",
                           "_gfortran_error_stop_string", "_gfortran_stop_numeric",
                           "_gfortran_error_stop_numeric", "_gfortran_runtime_error",
                           "_gfortran_runtime_error_at", "_gfortran_os_error_at",
                           "omp_set_num_threads", "gomp_barrier", "gomp_critical_start",
                           "gomp_critical_end", "gomp_atomic_start", "gomp_atomic_end",
                           "gomp_single_copy_end", "gomp_sections_end", "gomp_sections_end_nowait",
                           "gomp_loop_end", "gomp_loop_end_nowait", "gomp_ordered_start",
                           "gomp_ordered_end", "gomp_taskwait", "gomp_taskyield"})
    add(of_kind(name, LibraryKind::InputsOnly));
  return table;
}

} // namespace

const LibraryFunction *find_library_function(const char *name) {
  static const std::map<std::string, LibraryFunction> table = make_table();
  static const LibraryFunction other_mpi{"mpi", LibraryKind::Mpi};
  if (!name)
    return nullptr;
  auto found = table.find(name);
  if (found != table.end())
    return &found->second;
  if (std::strncmp(name, "mpi_", 4) == 0)
    return &other_mpi;
  // std::CLASS::...: the entry of the whole class.
  if (std::strncmp(name, "std::", 5) == 0)
    if (const char *end = std::strstr(name + 5, "::")) {
      found = table.find(std::string(name, end + 2) + "*");
      if (found != table.end())
        return &found->second;
    }
  return nullptr;
}

} // namespace parcoach

#pragma once

// Qt Test classes that share one program (a test suite, cmake/EpochScopeTests.cmake): each class
// registers itself instead of defining main(), and tests/support/testsuitemain.cpp runs the one
// its first argument names; ctest keeps one entry per class. Why: the tests that use LibTorch
// compile in batches, which share the ~12 s that GCC spends on LibTorch's header in every
// translation unit. Built on their own (EPOCHSCOPE_UNITY=OFF), the macros are Qt's own mains.

#include <QtTest/QtTest>

#include <map>
#include <string>

namespace es::test {

/// What Qt Test's main macros create before the test object: QCoreApplication
/// (QTEST_GUILESS_MAIN) or nothing (QTEST_APPLESS_MAIN).
enum class TestApplication { Core, None };

struct RegisteredTestClass {
    TestApplication application;
    int (*run)(int argc, char** argv);
};

/// The suite's classes by class name (filled before main() runs).
std::map<std::string, RegisteredTestClass>& registeredTestClasses();

/// Adds `name` to the suite; always true (its value initialises a static, which runs it).
bool registerTestClass(const char* name, TestApplication application, int (*run)(int, char**));

}  // namespace es::test

#if defined(EPOCHSCOPE_TEST_SUITE)
#define EPOCHSCOPE_REGISTER_TEST_CLASS(TestObject, application)                           \
    namespace {                                                                           \
    const bool registered##TestObject =                                                   \
        es::test::registerTestClass(#TestObject, application, [](int argc, char** argv) { \
            TestObject tc;                                                                \
            QTEST_SET_MAIN_SOURCE_PATH                                                    \
            return QTest::qExec(&tc, argc, argv);                                         \
        });                                                                               \
    }
#define EPOCHSCOPE_TEST_GUILESS_MAIN(TestObject) \
    EPOCHSCOPE_REGISTER_TEST_CLASS(TestObject, es::test::TestApplication::Core)
#define EPOCHSCOPE_TEST_APPLESS_MAIN(TestObject) \
    EPOCHSCOPE_REGISTER_TEST_CLASS(TestObject, es::test::TestApplication::None)
#else
#define EPOCHSCOPE_TEST_GUILESS_MAIN(TestObject) QTEST_GUILESS_MAIN(TestObject)
#define EPOCHSCOPE_TEST_APPLESS_MAIN(TestObject) QTEST_APPLESS_MAIN(TestObject)
#endif

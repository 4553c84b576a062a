// main() of a test suite (tests/support/testsuite.h): `SUITE CLASS [Qt Test options...]` runs
// one registered class as its own Qt Test program would, with the same application object.

#include "tests/support/testsuite.h"

#include <QtCore/QCoreApplication>

#include <cstdio>
#include <vector>

namespace es::test {

std::map<std::string, RegisteredTestClass>& registeredTestClasses()
{
    static std::map<std::string, RegisteredTestClass> classes;
    return classes;
}

bool registerTestClass(const char* name, TestApplication application, int (*run)(int, char**))
{
    registeredTestClasses()[name] = RegisteredTestClass{application, run};
    return true;
}

}  // namespace es::test

int main(int argc, char** argv)
{
    const auto& classes = es::test::registeredTestClasses();
    const auto found = argc >= 2 ? classes.find(argv[1]) : classes.end();
    if (found == classes.end()) {
        std::fprintf(stderr, "usage: %s CLASS [Qt Test options]\n  %s\nclasses in this suite:\n",
                     argv[0],
                     argc >= 2 ? "no such class in this suite" : "name the test class to run");
        for (const auto& entry : classes)
            std::fprintf(stderr, "  %s\n", entry.first.c_str());
        return 2;
    }
    // Qt Test reads its options after the class name; argv[0] stays the program's path.
    std::vector<char*> arguments{argv[0]};
    arguments.insert(arguments.end(), argv + 2, argv + argc);
    int count = static_cast<int>(arguments.size());
    arguments.push_back(nullptr);
    const es::test::RegisteredTestClass& testClass = found->second;
    if (testClass.application == es::test::TestApplication::None)
        return testClass.run(count, arguments.data());
    QCoreApplication app(count, arguments.data());
    app.setAttribute(Qt::AA_Use96Dpi, true);
    return testClass.run(count, arguments.data());
}
